/**
 * A real SMTP server for tests (smtp-server) on a free local port. Each accepted message is parsed
 * back with mailparser. It can refuse transactions (451, a temporary failure) for a while, refuse
 * an address for good (550), and go down and come back on the same port. `keep: false` only counts
 * arrivals, for runs of thousands of messages.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: Buffer;
  parsed: ParsedMail;
  /** The envelope's recipients. */
  rcptTo: string[];
}

export interface TestSmtp {
  port: number;
  /** SMTP_URL for the site. */
  url: string;
  received: ReceivedMail[];
  /** Transactions whose message has arrived (held ones too). */
  arrivals(): number;
  /** Refuses the next `n` transactions with 451 (Infinity: until `accept()`). */
  refuseNext(n: number): void;
  accept(): void;
  /** Refuses RCPT TO this address with 550 (no such user), a permanent refusal. */
  refuseAddress(address: string): void;
  /** Holds every transaction at its end until the answered function is called. */
  hold(): () => void;
  /** Stops listening and drops every connection; `up()` listens again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSmtp(options: { keep?: boolean } = {}): Promise<TestSmtp> {
  const { keep = true } = options;
  const received: ReceivedMail[] = [];
  const unknown = new Set<string>();
  let refusing = 0;
  let arrivals = 0;
  let gate: Promise<void> = Promise.resolve();

  const create = () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Pooled clients keep connections open: a stopping server drops them at once.
      closeTimeout: 50,
      size: 10 * 1024 * 1024,
      onRcptTo(address, _session, callback) {
        if (!unknown.has(address.address.toLowerCase())) return callback();
        callback(Object.assign(new Error(`<${address.address}>: no such user`), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          arrivals += 1;
          await gate;
          if (refusing > 0) {
            refusing -= 1;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          if (!keep) return callback();
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((parsed) => {
              received.push({ raw, parsed, rcptTo: session.envelope.rcptTo.map((r) => r.address) });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    // A sender that dies mid-message resets its connection: that is the sender's fault to test.
    server.on('error', () => {});
    return server;
  };

  const listen = (server: SMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const close = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

  let server = create();
  const port = await listen(server, 0);
  let running = true;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    arrivals: () => arrivals,
    refuseNext(n) {
      refusing = n;
    },
    accept() {
      refusing = 0;
    },
    refuseAddress(address) {
      unknown.add(address.toLowerCase());
    },
    hold() {
      let open = () => {};
      gate = new Promise((resolve) => {
        open = resolve;
      });
      return () => {
        gate = Promise.resolve();
        open();
      };
    },
    async down() {
      running = false;
      await close(server);
    },
    async up() {
      server = create();
      await listen(server, port);
      running = true;
    },
    async stop() {
      if (running) await close(server);
      running = false;
    },
  };
}
