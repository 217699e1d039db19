/** Starts the server: configuration, database, listen, and a graceful stop on SIGTERM/SIGINT. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scheduleDailyDigests } from './alerts/schedule';
import { buildApp } from './app';
import { scheduleBackups } from './backup/scheduled';
import { prepare } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { MigrationError } from './db/migrator';
import { scheduleHousekeeping, schedulePledgeReminders } from './housekeeping';
import { createMailTransport } from './mail/transport';
import { startMailWorker } from './mail/worker';
import { startEditionSender } from './newsletter/editions/sending';
import type { PageRenderer } from './pages';

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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests in flight`);
    try {
      stopHousekeeping();
      stopReminders();
      stopBackups();
      stopDigests();
      await app.close();
      await stopEditions();
      // After the last requests: what it claimed and did not start is handed back for the next start
      // or another instance, without waiting out the lease.
      await stopMail();
      mailTransport.close();
      await deps.publicDataVersion.close();
      await handle.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'needs more privileges' : `failed (${code})`;
    throw new ConfigError(`Invalid configuration: PORT ${config.port} on HOST ${config.host} ${reason}`);
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
