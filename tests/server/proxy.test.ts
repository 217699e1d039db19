/**
 * The site behind the proxies it ships configurations for (deploy/Caddyfile, deploy/nginx.conf),
 * each run as a real process on free ports in front of a real server (TRUST_PROXY=1,
 * PUBLIC_URL=https://…), with HTTPS and HTTP/2 as a visitor meets them. Only what a test must
 * change is changed in the shipped files: ports, the host name, the certificate (Caddy's own
 * `tls internal`; a self-signed one for nginx) and, for nginx, the main file around the site file.
 *
 * Between the proxy and the server sits a tap: a plain TCP relay that can hold back the end of an
 * answer, so "the backup streams" is checked by its first bytes reaching the client while the
 * rest has not left the tap, not by a timing.
 *
 * Debian's caddy and nginx packages are needed; without them the tests are skipped with a loud
 * warning, unless REQUIRE_PROXIES=1 makes that a failure (.ci/run sets it and installs them).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { multipartBody } from '../fixtures/multipart';
import { exited, freePort, ROOT, startTs, waitForReady } from '../helpers/processes';
import { waitFor } from '../helpers/wait';

type ProxyName = 'caddy' | 'nginx';

/** A program on PATH or in the system folders (nginx lives in /usr/sbin, off a user's PATH). */
function findProgram(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

const programs = { caddy: findProgram('caddy'), nginx: findProgram('nginx'), openssl: findProgram('openssl') };
const available: Record<ProxyName, boolean> = {
  caddy: programs.caddy !== null,
  nginx: programs.nginx !== null && programs.openssl !== null,
};
const missing = (Object.keys(programs) as (keyof typeof programs)[]).filter((name) => programs[name] === null);
const REQUIRED = process.env.REQUIRE_PROXIES === '1';

if (missing.length > 0 && !REQUIRED) {
  const bar = '!'.repeat(78);
  const skipped = (['caddy', 'nginx'] as const).filter((name) => !available[name]).join(' and ');
  console.warn(
    `\n${bar}\n${missing.join(', ')} not found: the REVERSE-PROXY TESTS through ${skipped} WERE SKIPPED.\nInstall them with: apt-get install caddy nginx openssl\n${bar}\n`,
  );
}

describe.runIf(REQUIRED && missing.length > 0)('the proxies', () => {
  it('are installed (REQUIRE_PROXIES=1)', () => {
    throw new Error(`${missing.join(', ')} not found and REQUIRE_PROXIES=1: apt-get install caddy nginx`);
  });
});

const tmpDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), `foundation-${prefix}-`));
const shipped = (file: string) => fs.readFileSync(path.join(ROOT, 'deploy', file), 'utf8');

/** Replaces every match, failing when there is none: a shipped file that changed shape is noticed. */
function edit(text: string, pattern: string | RegExp, replacement: string): string {
  const regex = typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : pattern;
  if (!regex.test(text)) throw new Error(`the shipped configuration no longer has ${pattern}`);
  regex.lastIndex = 0;
  return text.replace(regex, replacement);
}

const SITE = 'localhost';
const ADMIN = { email: 'ops@example.org', password: 'proxy test password 1' };
/** Each proxy's visitors come from addresses of their own (all of 127.0.0.0/8 is this machine). */
const CLIENTS: Record<ProxyName, { first: string; second: string; staff: string }> = {
  caddy: { first: '127.0.0.11', second: '127.0.0.12', staff: '127.0.0.13' },
  nginx: { first: '127.0.0.21', second: '127.0.0.22', staff: '127.0.0.23' },
};
const FORGED = '203.0.113.7';
const SIGN_IN_LIMIT = 3;

// ── The tap between the proxy and the server ────────────────────────────────────────────────

interface Hold {
  /** The answer's head and the first chunk of its body have gone on; the rest waits in the tap. */
  holding(): boolean;
  release(): void;
}

interface Tap {
  port: number;
  /** The next gzip answer (the backup) goes on up to the end of its body's first chunk, then waits. */
  holdNextDownload(): Hold;
  close(): Promise<void>;
}

async function startTap(target: number): Promise<Tap> {
  interface Gate {
    /** The head of a download that came whole (with a length), not streamed. */
    unstreamed?: string;
    /** Set once a connection holds the download's rest: sends it on. */
    flush: (() => void) | null;
    released: boolean;
  }
  let armed: Gate | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((front) => {
    const back = net.connect(target, '127.0.0.1');
    for (const socket of [front, back]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        front.destroy();
        back.destroy();
      });
    }
    front.pipe(back);
    // While a hold is armed, each answer's head is read before it goes on; an answer that is not
    // the download (and the rest of its connection's traffic for this hold) passes untouched.
    let head = Buffer.alloc(0);
    let passed: Gate | null = null;
    let held: Buffer[] | null = null;
    back.on('data', (chunk: Buffer) => {
      if (held) return void held.push(chunk);
      const gate = armed;
      if (!gate || gate.flush || passed === gate) return void front.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      if (!/^content-type: application\/gzip/im.test(head.subarray(0, end).toString('latin1'))) {
        front.write(head);
        head = Buffer.alloc(0);
        passed = gate;
        return;
      }
      // The body is chunked (streamed): its first whole chunk goes on, the rest waits.
      const headText = head.subarray(0, end).toString('latin1');
      if (!/^transfer-encoding: chunked/im.test(headText)) {
        gate.unstreamed = headText;
        front.write(head);
        head = Buffer.alloc(0);
        passed = gate;
        return;
      }
      const sizeLineEnd = head.indexOf('\r\n', end + 4);
      if (sizeLineEnd < 0) return;
      const cut = sizeLineEnd + 2 + Number.parseInt(head.subarray(end + 4, sizeLineEnd).toString('latin1'), 16) + 2;
      if (head.length < cut) return;
      front.write(head.subarray(0, cut));
      held = [head.subarray(cut)];
      head = Buffer.alloc(0);
      gate.flush = () => {
        if (held) front.write(Buffer.concat(held));
        held = null;
      };
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    holdNextDownload() {
      const gate: Gate = { flush: null, released: false };
      armed = gate;
      return {
        holding: () => {
          if (gate.unstreamed) throw new Error(`the download came whole, not streamed:\n${gate.unstreamed}`);
          return gate.flush !== null && !gate.released;
        },
        release() {
          if (gate.released) return;
          gate.released = true;
          gate.flush?.();
          if (armed === gate) armed = null;
        },
      };
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// ── The proxies, configured from the shipped files ──────────────────────────────────────────

interface RunningProxy {
  port: number;
  /** The certificate a client trusts for this proxy. */
  ca: string;
  output(): string;
  stop(): Promise<void>;
}

/** Runs a program to its end: its exit code and its output, both streams. */
function check(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): { code: number; output: string } {
  const result = spawnSync(program, args, { env, encoding: 'utf8', timeout: 30_000 });
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}${result.error?.message ?? ''}` };
}

function caddyEnv(dir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_DATA_HOME: path.join(dir, 'data'),
    XDG_CONFIG_HOME: path.join(dir, 'config'),
  };
}

/** The shipped Caddyfile on test ports, with Caddy's own CA (`tls internal`) instead of ACME. */
function caddyConfig(upstream: number, httpPort: number, httpsPort: number): string {
  let text = shipped('Caddyfile');
  text = edit(text, '127.0.0.1:3000', `127.0.0.1:${upstream}`);
  text = edit(text, /^example\.org \{$/m, `${SITE} {\n\tbind 127.0.0.1\n\ttls internal`);
  // The global options must come first: no admin endpoint, test ports, and no change to the
  // machine's trust store for the internal CA.
  const globals = `{\n\tadmin off\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tskip_install_trust\n\tservers {\n\t\tprotocols h1 h2\n\t}\n}\n\n`;
  return globals + text;
}

async function startCaddy(upstream: number): Promise<RunningProxy> {
  const dir = tmpDir('caddy');
  const [httpPort, port] = [await freePort(), await freePort()];
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, caddyConfig(upstream, httpPort, port));
  const child = spawn(programs.caddy!, ['run', '--config', file, '--adapter', 'caddyfile'], {
    cwd: dir,
    env: caddyEnv(dir),
  });
  const proxy = runningProxy(child, port, () =>
    fs.readFileSync(path.join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt'), 'utf8'),
  );
  await proxyReady(proxy, child);
  return { ...proxy, ca: proxy.ca, stop: () => stopChild(child, 'SIGTERM', dir) };
}

/** The shipped site file on test ports with a self-signed certificate, inside a main file of the test's own. */
function nginxConfig(prefix: string, upstream: number, httpPort: number, httpsPort: number): string {
  let site = shipped('nginx.conf');
  site = edit(site, '127.0.0.1:3000', `127.0.0.1:${upstream}`);
  site = edit(site, /^\s*listen \[::\]:.*\n/gm, '');
  site = edit(site, /listen 80;/g, `listen 127.0.0.1:${httpPort};`);
  site = edit(site, /listen 443 /g, `listen 127.0.0.1:${httpsPort} `);
  site = edit(site, /server_name example\.org;/g, `server_name ${SITE};`);
  site = edit(site, /ssl_certificate .*;/, `ssl_certificate ${prefix}cert.pem;`);
  site = edit(site, /ssl_certificate_key .*;/, `ssl_certificate_key ${prefix}key.pem;`);
  site = edit(site, '/var/www/html', `${prefix}www`);
  fs.writeFileSync(path.join(prefix, 'site.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${prefix}${kind}_temp;`)
    .join('\n');
  return `worker_processes 1;
pid ${prefix}nginx.pid;
error_log ${prefix}error.log warn;
events {
    worker_connections 256;
}
http {
    access_log off;
${temp}
    include ${prefix}site.conf;
}
`;
}

/** A prefix holding the templated configuration and its certificate, and nginx's arguments for it. */
async function prepareNginx(upstream: number): Promise<{ prefix: string; port: number; args: string[] }> {
  // nginx takes the prefix with its slash; its workers (nobody, when the test runs as root) must
  // be able to enter it.
  const prefix = `${tmpDir('nginx')}/`;
  fs.chmodSync(prefix, 0o755);
  const [httpPort, port] = [await freePort(), await freePort()];
  const subject = ['-subj', `/CN=${SITE}`, '-addext', `subjectAltName=DNS:${SITE}`];
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'];
  execFileSync(
    programs.openssl!,
    ['req', '-x509', ...key, ...subject, '-keyout', `${prefix}key.pem`, '-out', `${prefix}cert.pem`],
    { stdio: 'pipe' },
  );
  const file = `${prefix}nginx.conf`;
  fs.writeFileSync(file, nginxConfig(prefix, upstream, httpPort, port));
  return { prefix, port, args: ['-p', prefix, '-c', file, '-e', `${prefix}error.log`] };
}

async function startNginx(upstream: number): Promise<RunningProxy> {
  const { prefix, port, args } = await prepareNginx(upstream);
  const child = spawn(programs.nginx!, [...args, '-g', 'daemon off;'], { cwd: prefix });
  const proxy = runningProxy(child, port, () => fs.readFileSync(`${prefix}cert.pem`, 'utf8'));
  await proxyReady(proxy, child, () => fs.readFileSync(`${prefix}error.log`, 'utf8'));
  return { ...proxy, ca: proxy.ca, stop: () => stopChild(child, 'SIGQUIT', prefix) };
}

function runningProxy(child: ChildProcess, port: number, readCa: () => string) {
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return {
    port,
    get ca() {
      return readCa();
    },
    output: () => output,
  };
}

/** Ready when /healthz answers through it over HTTPS (the certificate is not checked yet here). */
async function proxyReady(
  proxy: { port: number; output(): string },
  child: ChildProcess,
  log: () => string = () => '',
): Promise<void> {
  await waitFor(
    async () => {
      if (child.exitCode !== null)
        throw new Error(`the proxy exited with ${child.exitCode}:\n${proxy.output()}${log()}`);
      try {
        const session = await connect(proxy.port, '127.0.0.1', null);
        try {
          return (await request(session, { path: '/healthz' })).status === 200;
        } finally {
          session.close();
        }
      } catch {
        return false;
      }
    },
    { what: 'the proxy to answer /healthz', timeoutMs: 30_000, intervalMs: 100 },
  );
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals, dir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited(child);
    clearTimeout(timer);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

// ── A visitor: HTTPS and HTTP/2 from an address of its own ──────────────────────────────────

/** An HTTP/2 session over TLS from `localAddress`; `ca` null skips the certificate check. */
function connect(port: number, localAddress: string, ca: string | null): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://${SITE}:${port}`, {
      createConnection: () =>
        tls.connect({
          socket: net.connect({ host: '127.0.0.1', port, localAddress }),
          servername: SITE,
          ALPNProtocols: ['h2'],
          ...(ca === null ? { rejectUnauthorized: false } : { ca }),
        }),
    });
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
}

function request(
  session: http2.ClientHttp2Session,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(
      { ':method': options.method ?? 'GET', ':path': options.path, ...options.headers },
      { endStream: options.body === undefined },
    );
    const chunks: Buffer[] = [];
    let headers: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (headers = h));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body: Buffer.concat(chunks) }));
    stream.on('error', reject);
    if (options.body !== undefined) stream.end(options.body);
  });
}

/** A sign-in; `forged` is what the client writes in X-Forwarded-For. */
const signIn = (session: http2.ClientHttp2Session, email: string, password: string, forged?: string) =>
  request(session, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json', ...(forged ? { 'x-forwarded-for': forged } : {}) },
    body: JSON.stringify({ email, password }),
  });

/** A JPEG of 10 MB (less 16 KB, under UPLOAD_MAX_BYTES): a small picture carrying long comments. */
async function tenMegabyteJpeg(): Promise<Buffer> {
  const base = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f7a4f' } })
    .jpeg()
    .toBuffer();
  const target = 10 * 1024 * 1024 - 16 * 1024;
  const parts = [base.subarray(0, 2)];
  let size = base.length;
  while (size + 4 < target) {
    const payload = Math.min(65_533, target - size - 4);
    const comment = Buffer.alloc(payload + 4, 0x61);
    comment.writeUInt16BE(0xfffe, 0);
    comment.writeUInt16BE(payload + 2, 2);
    parts.push(comment);
    size += comment.length;
  }
  parts.push(base.subarray(2));
  return Buffer.concat(parts);
}

// ── The checks ──────────────────────────────────────────────────────────────────────────────

const anyProxy = available.caddy || available.nginx;

describe('the shipped systemd unit', () => {
  const unit = shipped('foundation.service');
  const setting = (name: string) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((m) => m[1]!.trim());

  it("gives a stop the server's grace and a margin before SIGKILL, and is hardened", () => {
    const timeout = /^(\d+)s?$/.exec(setting('TimeoutStopSec')[0] ?? '');
    expect(Number(timeout?.[1])).toBeGreaterThanOrEqual(loadConfig({}).shutdownGraceSeconds + 2);
    expect(setting('KillSignal')).toEqual(['SIGTERM']);
    expect(setting('ExecStart')[0]).toMatch(/^\/usr\/bin\/node dist\/server\/main\.js$/);
    for (const [name, value] of Object.entries({
      User: 'foundation',
      NoNewPrivileges: 'yes',
      ProtectSystem: 'strict',
      ProtectHome: 'yes',
      PrivateTmp: 'yes',
      ReadWritePaths: '/var/lib/foundation',
      Restart: 'on-failure',
      CapabilityBoundingSet: '',
    }))
      expect(setting(name), name).toEqual([value]);
    expect(setting('EnvironmentFile')).toHaveLength(1);
  });

  it.runIf(findProgram('systemd-analyze') !== null)('passes systemd-analyze verify', () => {
    const result = check(findProgram('systemd-analyze')!, ['verify', path.join(ROOT, 'deploy/foundation.service')]);
    expect(result.code, result.output).toBe(0);
  });
});

describe.runIf(available.caddy)('the shipped Caddyfile', () => {
  it('passes caddy validate as shipped and as run here', () => {
    const dir = tmpDir('caddy-validate');
    try {
      const env = caddyEnv(dir);
      const asShipped = check(
        programs.caddy!,
        ['validate', '--config', path.join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
        env,
      );
      expect(asShipped.code, asShipped.output).toBe(0);
      const file = path.join(dir, 'Caddyfile');
      fs.writeFileSync(file, caddyConfig(3000, 8080, 8443));
      const asRun = check(programs.caddy!, ['validate', '--config', file, '--adapter', 'caddyfile'], env);
      expect(asRun.code, asRun.output).toBe(0);
      expect(asRun.output).toContain('Valid configuration');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(available.nginx)('the shipped nginx site file', () => {
  it('passes nginx -t, on test ports and a test certificate', async () => {
    const { prefix, args } = await prepareNginx(3000);
    try {
      const test = check(programs.nginx!, ['-t', ...args]);
      expect(test.code, test.output).toBe(0);
      expect(test.output).toContain('test is successful');
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
  });
});

describe.runIf(anyProxy)('the site behind a proxy', () => {
  let server: ReturnType<typeof startTs>;
  let dataDir: string;
  let tap: Tap;

  beforeAll(async () => {
    dataDir = tmpDir('proxied');
    const port = await freePort();
    server = startTs('server/main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JWT_SECRET: 'proxy-test-secret-proxy-test-secret-0123',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: '1',
      PUBLIC_URL: `https://${SITE}`,
      SIGN_IN_ATTEMPTS_PER_MINUTE: String(SIGN_IN_LIMIT),
    });
    await waitForReady(`http://127.0.0.1:${port}`, server.child, server.output, 120_000);
    tap = await startTap(port);
  }, 180_000);

  afterAll(async () => {
    await tap?.close();
    if (server) {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  describe.each((['caddy', 'nginx'] as const).filter((name) => available[name]))('through %s', (name) => {
    let proxy: RunningProxy;
    let visitor: http2.ClientHttp2Session;
    let staff: http2.ClientHttp2Session;
    let token: string;
    const clients = CLIENTS[name];

    beforeAll(async () => {
      proxy = name === 'caddy' ? await startCaddy(tap.port) : await startNginx(tap.port);
      visitor = await connect(proxy.port, clients.first, proxy.ca);
      staff = await connect(proxy.port, clients.staff, proxy.ca);
    }, 60_000);

    afterAll(async () => {
      visitor?.close();
      staff?.close();
      await proxy?.stop();
    }, 30_000);

    it('speaks HTTP/2 over TLS, with a certificate the client trusts', async () => {
      expect(visitor.alpnProtocol).toBe('h2');
      expect((visitor.socket as tls.TLSSocket).authorized).toBe(true);
      expect((await request(visitor, { path: '/healthz' })).status).toBe(200);
    });

    it('takes the client address from the proxy, never from a forged X-Forwarded-For, in the limits and the audit', async () => {
      const email = `intruder-${name}@example.org`;
      const second = await connect(proxy.port, clients.second, proxy.ca);
      try {
        // Each attempt claims another address: were the claim believed, no limit would ever hold.
        for (let i = 1; i <= SIGN_IN_LIMIT; i++) {
          const res = await signIn(visitor, email, 'wrong password', `203.0.113.${i}`);
          expect(res.status, res.body.toString()).toBe(401);
        }
        const over = await signIn(visitor, email, 'wrong password', FORGED);
        expect(over.status, over.body.toString()).toBe(429);
        // Another visitor through the same proxy has a budget of its own.
        const other = await signIn(second, email, 'wrong password');
        expect(other.status, other.body.toString()).toBe(401);
      } finally {
        second.close();
      }

      const login = await signIn(staff, ADMIN.email, ADMIN.password, FORGED);
      expect(login.status, login.body.toString()).toBe(200);
      token = (JSON.parse(login.body.toString()) as { token: string }).token;

      const audit = await request(staff, {
        path: '/api/audit?kind=auth&limit=200',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(audit.status).toBe(200);
      const { items } = JSON.parse(zlibDecode(audit).toString()) as {
        items: { action: string; target: string | null; ip: string | null }[];
      };
      const refused = items.filter((e) => e.action === 'auth.login.failed' && e.target === email);
      expect(refused.map((e) => e.ip).sort()).toEqual([clients.first, clients.first, clients.first, clients.second]);
      const signedIn = items.find((e) => e.action === 'auth.login');
      expect(signedIn?.ip).toBe(clients.staff);
      expect(items.some((e) => e.ip?.startsWith('203.0.113.'))).toBe(false);
    });

    it('passes a 10 MB image upload', async () => {
      const image = await tenMegabyteJpeg();
      const form = await multipartBody([{ field: 'image', data: image, filename: 'poster.jpg', type: 'image/jpeg' }]);
      expect(form.payload.length).toBeGreaterThan(10_000_000);
      const res = await request(staff, {
        method: 'POST',
        path: '/upload/single',
        headers: { ...form.headers, authorization: `Bearer ${token}` },
        body: form.payload,
      });
      expect(res.status, res.body.toString()).toBe(200);
      const { path: imagePath } = JSON.parse(res.body.toString()) as { path: string };
      const served = await request(visitor, { path: imagePath });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(await sharp(served.body).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
    });

    it('streams GET /api/backup: the first bytes arrive while the rest has not left the server side', async () => {
      const hold = tap.holdNextDownload();
      try {
        const stream = staff.request({ ':path': '/api/backup', authorization: `Bearer ${token}` });
        const chunks: Buffer[] = [];
        let headers: http2.IncomingHttpHeaders = {};
        stream.on('response', (h) => (headers = h));
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        const ended = new Promise<void>((resolve, reject) => {
          stream.on('end', resolve);
          stream.on('error', reject);
        });
        const received = () => chunks.reduce((n, c) => n + c.length, 0);
        await waitFor(() => received() > 0, {
          what: `the backup's first bytes through ${name} while the tap holds the rest`,
          timeoutMs: 15_000,
        });
        expect(hold.holding()).toBe(true);
        expect(headers[':status']).toBe(200);
        expect(headers['content-type']).toBe('application/gzip');
        expect(headers['content-encoding']).toBeUndefined();
        const early = received();
        hold.release();
        await ended;
        const body = Buffer.concat(chunks);
        expect(body.length).toBeGreaterThan(early);
        const archive = zlib.gunzipSync(body).toString('latin1');
        expect(archive).toContain('backup.json');
        expect(archive).toContain('manifest.json');
      } finally {
        hold.release();
      }
    });

    it('compresses an answer once: the server encodes it, the proxy passes it on', async () => {
      for (const [accept, expected] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const res = await request(visitor, { path: '/api/docs/json', headers: { 'accept-encoding': accept } });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(expected);
        // Decoded once, it is the JSON itself.
        expect((JSON.parse(zlibDecode(res).toString()) as { openapi: string }).openapi).toMatch(/^3\./);
      }
      const page = await request(visitor, { path: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(page.body).toString()).toMatch(/^<!doctype html>/i);
      // What the server leaves as it is (small answers), the proxy does not compress either.
      for (const target of ['/healthz', '/robots.txt']) {
        const small = await request(visitor, { path: target, headers: { 'accept-encoding': 'br, gzip' } });
        expect(small.status, target).toBe(200);
        expect(small.headers['content-encoding'], target).toBeUndefined();
      }
    });

    it('delivers the HSTS and Content-Security-Policy headers the server sends, once each', async () => {
      for (const target of ['/', '/api/docs/json', '/robots.txt']) {
        const res = await request(visitor, { path: target });
        expect(res.headers['strict-transport-security'], target).toBe('max-age=31536000; includeSubDomains');
        const csp = String(res.headers['content-security-policy']);
        expect(csp.match(/default-src/g), target).toHaveLength(1);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("script-src 'self'");
      }
    });

    it('writes links on PUBLIC_URL, over https', async () => {
      const robots = (await request(visitor, { path: '/robots.txt' })).body.toString();
      expect(robots).toContain(`Sitemap: https://${SITE}/sitemap.xml`);
      const sitemap = zlibDecode(
        await request(visitor, { path: '/sitemap.xml', headers: { 'accept-encoding': 'br, gzip' } }),
      ).toString();
      const links = [...sitemap.matchAll(/(?:<loc>|href=")([^<"]+)/g)].map((m) => m[1]!);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toMatch(new RegExp(`^https://${SITE}/`));
    });
  });
});

/** The body decoded as its Content-Encoding says, once. */
function zlibDecode(answer: Answer): Buffer {
  switch (answer.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(answer.body);
    case 'gzip':
      return zlib.gunzipSync(answer.body);
    case undefined:
      return answer.body;
    default:
      throw new Error(`unexpected Content-Encoding ${answer.headers['content-encoding']}`);
  }
}
