/**
 * npm run admin:create -- <email> [password]
 * Creates the admin or resets its password. Without a password argument it reads ADMIN_PASSWORD,
 * or generates one and prints it.
 */
import { randomBytes } from 'node:crypto';
import { upsertAdmin } from '../auth/service';
import { openDatabase } from '../bootstrap';
import { ConfigError, loadConfig } from '../config';
import { migrateToLatest } from '../db/migrator';
import { adminCredentials } from '../lib/password-policy';

const [emailArg, passwordArg] = process.argv.slice(2);
try {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, ...rest } = process.env;
  const config = loadConfig(rest);
  const generated = !passwordArg && !ADMIN_PASSWORD;
  const parsed = adminCredentials.safeParse({
    email: emailArg ?? ADMIN_EMAIL,
    password: passwordArg ?? ADMIN_PASSWORD ?? randomBytes(12).toString('base64url'),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(
      `admin:create: ${String(issue.path[0])}: ${issue.message}. Usage: npm run admin:create -- <email> [password]`,
    );
  }
  const handle = await openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    const outcome = await upsertAdmin(
      { db: handle.db, now: () => new Date() },
      parsed.data.email,
      parsed.data.password,
    );
    console.log(`Admin ${parsed.data.email} ${outcome}.${generated ? ` Password: ${parsed.data.password}` : ''}`);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
