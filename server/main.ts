/** Starts the server: configuration, database, listen, and a graceful stop on SIGTERM/SIGINT. */
import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { scheduleDailyDigests } from './alerts/schedule';
import { buildApp } from './app';
import { refuseQueuedHashing } from './auth/password';
import { scheduleBackups } from './backup/scheduled';
import { prepare } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { MigrationError } from './db/migrator';
import { startReceiptBuilder } from './giving/receipt-builder';
import { scheduleHousekeeping, schedulePledgeReminders } from './housekeeping';
import { type MetricsListener, startMetricsListener } from './http/metrics';
import { createMailTransport } from './mail/transport';
import { startMailWorker } from './mail/worker';
import { startEditionSender } from './newsletter/editions/sending';
import type { PageRenderer } from './pages';

/**
 * Before the listener closes, the connections waiting in its queue are accepted, and what they
 * sent is read: closing the listener would reset them, and the idle-looking ones with it. The
 * event loop accepts one connection per turn, so a busy server leaves a queue: it is drained when
 * a few turns pass without one, or after LISTEN_DRAIN_MAX_MS of clients still connecting. What
 * they ask meanwhile is answered 503 with Retry-After (http/health.ts).
 */
const QUIET_TURNS = 3;
const LISTEN_DRAIN_MAX_MS = 1000;

async function drainListenQueue(server: Server): Promise<void> {
  let accepted = 0;
  const count = () => accepted++;
  server.on('connection', count);
  const deadline = performance.now() + LISTEN_DRAIN_MAX_MS;
  for (let quiet = 0; quiet < QUIET_TURNS && performance.now() < deadline; ) {
    const before = accepted;
    await new Promise((resolve) => setImmediate(resolve));
    quiet = accepted === before ? quiet + 1 : 0;
  }
  server.off('connection', count);
}

/** Past the grace, the stop has this long to close the rest; then the process ends regardless. */
const OVERRUN_MS = 1500;

/**
 * Closes the server: no new connections, idle ones closed at once and as they fall idle, requests
 * in flight given `graceMs` to finish; then the connections still open are cut.
 */
async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const closed = app.close();
  const sweep = setInterval(() => app.server.closeIdleConnections(), 250);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'over'>((resolve) => {
    timer = setTimeout(() => resolve('over'), Math.max(0, graceMs));
  });
  const outcome = await Promise.race([closed.then(() => 'closed' as const), graceOver]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (outcome === 'over') {
    app.log.warn('shutdown grace over: cutting the requests still in flight');
    app.server.closeAllConnections();
    await closed;
  }
}

/** The built client and page renderer sit next to the built server (dist/client, dist/ssr beside dist/server). */
async function findClient(): Promise<{ staticDir?: string; renderer?: PageRenderer }> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dist of [path.resolve(here, '..'), path.resolve(here, '../dist')]) {
    const staticDir = path.join(dist, 'client');
    if (!fs.existsSync(path.join(staticDir, 'index.html'))) continue;
    const rendererFile = path.join(dist, 'ssr', 'entry-server.js');
    const renderer = fs.existsSync(rendererFile)
      ? ((await import(pathToFileURL(rendererFile).href)) as PageRenderer)
      : undefined;
    return { staticDir, renderer };
  }
  return {};
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { deps, handle, firstAdmin, seeded } = await prepare(config);
  const app = await buildApp(deps, { ...(await findClient()), logger: true });

  if (firstAdmin) {
    // Printed once: the next start finds the admin and prints nothing.
    console.log(
      `\nFirst admin created: ${firstAdmin.email} / ${firstAdmin.password}\n` +
        'Sign in at /login and change it with: npm run admin:create -- <email> (see README).\n',
    );
  }
  if (seeded > 0) app.log.info(`added ${seeded} demo campaigns`);
  const stopHousekeeping = scheduleHousekeeping(deps, app.log);
  const stopReminders = schedulePledgeReminders(deps, app.log);
  const stopBackups = scheduleBackups(deps, app.log);
  const stopDigests = scheduleDailyDigests(deps, app.log);
  const mailTransport = createMailTransport(config);
  const stopMail = startMailWorker(deps, mailTransport, app.log);
  const stopEditions = startEditionSender(deps, app.log);
  const stopReceipts = startReceiptBuilder(deps, app.log);

  const graceMs = config.shutdownGraceSeconds * 1000;
  /** The metrics' own listener, when METRICS_PORT is set. */
  let metricsListener: MetricsListener | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const began = performance.now();
    // Whatever holds it up, the stop ends soon after the grace (a container's SIGKILL comes at 10 s).
    setTimeout(() => {
      app.log.error('shutdown overran its grace: exiting');
      process.exit(1);
    }, graceMs + OVERRUN_MS).unref();
    app.log.info(`${signal} received: finishing requests in flight for up to ${config.shutdownGraceSeconds} s`);
    // At once: /readyz answers 503 so a balancer drains this instance, what arrives from now on is
    // refused with 503 and Retry-After, and sign-ins waiting for a hashing slot are refused too.
    app.stopping = true;
    refuseQueuedHashing();
    stopHousekeeping();
    stopReminders();
    stopBackups();
    stopDigests();
    stopReceipts();
    // The mail worker claims nothing more and hands back at once what it did not start; sends in
    // flight have the grace, and those still unfinished then are handed back for the next start or
    // another instance, without waiting out the lease.
    const mailStopped = stopMail({ graceMs, exiting: true });
    const editionsStopped = stopEditions();
    try {
      await drainListenQueue(app.server);
      await closeWithin(app, graceMs - (performance.now() - began));
      await Promise.all([mailStopped, editionsStopped]);
      mailTransport.close();
      await metricsListener?.close();
      await deps.publicDataVersion.close();
      await handle.close();
      app.log.info(`stopped in ${((performance.now() - began) / 1000).toFixed(2)} s`);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    // A viral page's burst of new connections waits in the kernel's queue rather than being reset
    // (the kernel caps it at net.core.somaxconn).
    await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'needs more privileges' : `failed (${code})`;
    throw new ConfigError(`Invalid configuration: PORT ${config.port} on HOST ${config.host} ${reason}`);
  }
  if (app.metrics && config.metrics.port !== undefined) {
    const { host, port } = config.metrics;
    metricsListener = await startMetricsListener(app.metrics, { ...config.metrics, port }).catch((error) => {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ConfigError(`Invalid configuration: METRICS_PORT ${port} on METRICS_HOST ${host} failed (${code})`);
    });
    app.log.info(`metrics: http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`);
  }
  app.log.info(`database: ${handle.kind}${handle.kind === 'pglite' ? ` in ${config.dataDir}` : ''}`);
  app.log.info(
    config.mail.smtpUrl
      ? `mail: over SMTP to ${new URL(config.mail.smtpUrl).host}`
      : `mail: kept as .eml files in ${config.dataDir}/mail (SMTP_URL is not set)`,
  );
  if (config.publicUrlIsLocal) {
    app.log.warn(`PUBLIC_URL is not set: links use ${config.publicUrl}; set it to the site's public address`);
  }
}

main().catch((error: unknown) => {
  // Expected failures get one line; anything else too, since a stack helps no one who runs the site.
  if (error instanceof ConfigError || error instanceof MigrationError) console.error(error.message);
  else console.error(`Startup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
