/**
 * Hostile statement files sent to a real server process, on each database: an XLSX with a cell in
 * column XFD on every row, a zip entry that inflates a thousandfold (declaring its size, or lying
 * about it), and HTML nested thousands of tags deep. Each is refused with a 400 that names the
 * bound; while it is read, /healthz keeps answering within 200 ms and the process's resident
 * memory (its peak, from /proc) stays small; nothing is stored. A large honest export is read
 * off the request thread too.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN, TEST_SECRET } from '../helpers/app';
import { scratchDatabase, testDatabases } from '../helpers/databases';
import { exited, freePort, startTs, waitForReady } from '../helpers/processes';
import { deepHtml, largeHtml, xlsxColumnBomb, xlsxInflationBomb } from '../helpers/statement-files';
import { waitFor } from '../helpers/wait';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The process's resident memory now and at its peak since `resetPeak`, in MB. */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}
/** Starts the peak (VmHWM) again from the current resident memory (Linux's clear_refs). */
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
/** The bytes the process has read so far, from files and sockets alike (rchar in /proc/<pid>/io). */
const bytesRead = (pid: number) => Number(/rchar:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'))![1]);

const NARROW_CSV = 'Trans Date,Narration,Debit,Credit\r\n02/11/2026,GIFT FROM BINTA,,"1,500.00"\r\n';

/** Made once for both databases: a 200 MB bomb takes a second to deflate. */
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

describe.each(testDatabases())('hostile statements sent to a real server on %s', (kind) => {
  let server: ReturnType<typeof startTs>;
  let pid: number;
  let url: string;
  let token: string;
  let dataDir: string;
  let dropDatabase = async () => {};

  const upload = async (file: Uint8Array, filename: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), filename);
    const res = await fetch(`${url}/api/statements`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(60_000),
    });
    return { status: res.status, body: (await res.json()) as { message?: string; debits?: number } };
  };
  const statementCount = async () => {
    const res = await fetch(`${url}/trpc/statement.list`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { result: { data: { json: unknown[] } } }).result.data.json.length;
  };

  /** Runs the upload while polling /healthz one request after another and watching memory. */
  async function watched(file: Uint8Array, filename: string) {
    await sleep(200);
    const rssBefore = memoryOf(pid).rss;
    resetPeak(pid);
    let uploading = true;
    let slowestHealth = 0;
    let healthChecks = 0;
    const poll = (async () => {
      while (uploading) {
        const started = performance.now();
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
        healthChecks++;
        await sleep(10);
      }
    })();
    const started = performance.now();
    try {
      const answer = await upload(file, filename);
      return { ...answer, took: performance.now() - started, rssBefore, rssPeak: memoryOf(pid).peak };
    } finally {
      uploading = false;
      await poll;
      expect(healthChecks, 'health checks during the upload').toBeGreaterThan(0);
      // A parse that held the event loop would hold one check for all of it; 500 ms leaves room for
      // a busy two-core machine scheduling the test, the server and PostgreSQL (it measured 205 ms).
      expect(slowestHealth, 'slowest /healthz in ms').toBeLessThan(500);
    }
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-bombs-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JWT_SECRET: TEST_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    if (kind === 'postgres') {
      const scratch = await scratchDatabase(inject('postgresUrl')!, 'bombs');
      env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
    server = startTs('server/main.ts', env);
    pid = server.child.pid!;
    await waitForReady(url, server.child, server.output);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    token = ((await login.json()) as { token: string }).token;
    // An honest statement first: it reads, and the reading worker is up before anything is measured.
    const honest = await upload(Buffer.from(NARROW_CSV), 'statement.csv');
    expect(honest.status, JSON.stringify(honest.body)).toBe(200);
  }, 120_000);

  afterAll(async () => {
    if (server) {
      // A server stuck in a parse (as before the fix) does not handle SIGTERM: it is killed.
      server.child.kill('SIGTERM');
      if ((await Promise.race([exited(server.child), sleep(10_000).then(() => 'stuck')])) === 'stuck')
        server.child.kill('SIGKILL');
    }
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const MESSAGES = {
    columns: 'The statement has more than 64 columns',
    unpacked: 'The workbook unpacks to more than 50 MB',
    nested: 'The statement file is nested too deeply: more than 64 tags inside one another',
  };
  const BOMBS: [string, () => Promise<Buffer> | Buffer, string, string][] = [
    [
      'an XLSX of 3 kB with a cell in column XFD on 300 rows',
      once(() => xlsxColumnBomb()),
      'bomb.xlsx',
      MESSAGES.columns,
    ],
    [
      'an XLSX of 205 kB whose sheet inflates to 200 MB',
      once(() => xlsxInflationBomb(200)),
      'bomb.xlsx',
      MESSAGES.unpacked,
    ],
    [
      'the same XLSX, its zip declaring the sheet 1 kB',
      once(() => xlsxInflationBomb(200, 1000)),
      'bomb.xlsx',
      MESSAGES.unpacked,
    ],
    ['an HTML .xls of 100 kB nested 20,000 <div>s deep', () => deepHtml(20_000), 'gtbank.xls', MESSAGES.nested],
    ['an HTML .xls nested 5,000 deep', () => deepHtml(5_000), 'gtbank.xls', MESSAGES.nested],
    ['an HTML .xls of 2 MB nested 180,000 deep', () => deepHtml(180_000), 'gtbank.xls', MESSAGES.nested],
  ];

  it.each(BOMBS)(
    '%s: 400, /healthz answering, memory small, nothing stored',
    async (_name, make, filename, message) => {
      const file = await make();
      const before = await statementCount();
      const answer = await watched(file, filename);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.message).toBe(message);
      expect(answer.took, 'ms to refuse').toBeLessThan(5000);
      // PGlite keeps its whole database in the process (hundreds of MB): there the growth is what counts.
      expect(answer.rssPeak - answer.rssBefore, 'MB of RSS the upload added').toBeLessThan(64);
      if (kind === 'postgres') expect(answer.rssPeak, 'peak RSS in MB').toBeLessThan(300);
      expect(await statementCount()).toBe(before);
    },
    60_000,
  );

  it('reads a 2 MB HTML export, seconds of parsing, while /healthz keeps answering', async () => {
    const answer = await watched(largeHtml(2), 'gtbank.xls');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ credits: 1 });
    expect(answer.body.debits).toBeGreaterThan(10_000);
  }, 60_000);

  it('stops gracefully on SIGTERM while a statement is being read, answering it first', async () => {
    // On a connection that closes after the answer: a kept-alive one holds the stop until it idles out.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(largeHtml(2))]), 'gtbank.xls');
    const request = new Request(url, { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const readBefore = bytesRead(pid);
    const reading = new Promise<number | undefined>((resolve, reject) => {
      const headers = {
        'content-type': request.headers.get('content-type')!,
        authorization: `Bearer ${token}`,
        connection: 'close',
      };
      http
        .request(`${url}/api/statements`, { method: 'POST', headers }, (res) =>
          res.resume().on('end', () => resolve(res.statusCode)),
        )
        .on('error', reject)
        .end(body);
    });
    // SIGTERM comes once the server has the whole file, while it reads it (seconds of parsing).
    await waitFor(() => bytesRead(pid) - readBefore >= body.length, {
      what: 'the server to receive the whole statement',
      timeoutMs: 20_000,
    });
    server.child.kill('SIGTERM');
    const stopped = await Promise.race([exited(server.child), sleep(20_000).then(() => 'still running')]);
    expect(stopped).toBe(0);
    expect(await reading).toBe(200);
  }, 60_000);
});
