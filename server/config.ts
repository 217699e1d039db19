/**
 * Configuration, parsed once from the environment at boot. A bad value stops the process with one
 * line naming the variable; nothing else in server/ reads process.env.
 */
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { newPassword } from './lib/password-policy';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v), 'must be true or false')
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((v) => v >= min && v <= max, `must be a whole number from ${min} to ${max}`);

const postgresUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be a URL such as postgres://user:password@host:5432/database');

/** `a.b.c.d`, `a.b.c.d/n`, an IPv6 address or prefix, or one of proxy-addr's named ranges. */
const isProxyAddress = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * Which proxies may name the client in X-Forwarded-For: a hop count, or their addresses and
 * ranges. `true` would believe any client's header, so a forged one could pass every limit.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): number | string[] | false => {
    const lower = v.toLowerCase();
    if (['false', 'no', 'off', '0'].includes(lower)) return false;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const entries = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: ['true', 'yes', 'on'].includes(lower)
        ? 'cannot be true (any client could forge its address): give the number of proxies in front, e.g. 1, or their addresses, e.g. 10.0.0.0/8'
        : 'must be a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges',
    });
    return z.NEVER;
  });

const smtpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be a URL such as smtp://user:password@smtp.example.org:587 (STARTTLS) or smtps://user:password@smtp.example.org:465');

/** `Name <address@domain>` or `address@domain`, on one line. */
const MAILBOX =
  /^(?:([^<>\r\n]*?)\s*<([^\s<>@]+@([A-Za-z0-9.-]+\.[A-Za-z]{2,}|localhost))>|([^\s<>@]+@([A-Za-z0-9.-]+\.[A-Za-z]{2,}|localhost)))$/;
const mailbox = z
  .string()
  .trim()
  .refine(
    (v) => MAILBOX.test(v),
    'must be an address such as Foundation <no-reply@example.org> or no-reply@example.org',
  );

const envSchema = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  ADMIN_EMAIL: z.string().trim().toLowerCase().email('must be an email address').optional(),
  ADMIN_PASSWORD: newPassword.optional(),
  JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  TOKEN_TTL_HOURS: int(1, 24 * 30).default(12),
  SESSION_IDLE_MINUTES: int(5, 24 * 60).default(60),
  SIGN_IN_ATTEMPTS_PER_MINUTE: int(1, 100_000).default(20),
  SUBMISSION_RETENTION_DAYS: int(1, 36_500).optional(),
  SEED_DEMO: bool.optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    // Browsers send the admin's credentials cross-origin: '*' would hand them to any site.
    .refine((origins) => !origins.includes('*'), {
      message: 'cannot be * (the API allows credentials): list the origins, such as https://partner.example',
    })
    .refine((origins) => origins.every((o) => /^https?:\/\/[^/\s]+$/.test(o)), {
      message: 'must be a comma-separated list of origins such as https://example.org',
    }),
  UPLOAD_MAX_BYTES: int(1024, 100 * 1024 * 1024).default(10 * 1024 * 1024),
  BANK_ACCOUNT_NAME: z.string().trim().min(1).default('Arewa Community Development Foundation'),
  BANK_ACCOUNT_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'must be a 10-digit account number')
    .default('1023456789'),
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s]+[^/]$/, 'must be an absolute http(s) URL without a trailing slash')
    .optional(),
  ALLOWED_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every((h) => /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(h)), {
      message: 'must be a comma-separated list of host names, such as example.org,www.example.org',
    })
    .optional(),
  NODE_ENV: z.string().trim().optional(),
  TRUST_PROXY: trustProxy.default(false),
  RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(300),
  FORM_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Seconds a stop waits for requests in flight before it cuts them (a container gives 10 before SIGKILL).
  SHUTDOWN_GRACE_SECONDS: int(0, 600).default(8),
  BACKUP_DIR: z.string().trim().min(1).optional(),
  // Hours, fractions allowed (a test runs them seconds apart).
  BACKUP_EVERY_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be more than 0')
    .max(24 * 366, 'must be at most a year')
    .default(24),
  BACKUP_KEEP: int(1, 10_000).default(7),
  BACKUP_PASSPHRASE: z.string().min(12, 'must have at least 12 characters').optional(),
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: mailbox.optional(),
  MAIL_REPLY_TO: mailbox.optional(),
  MAIL_PER_MINUTE: int(1, 100_000).default(600),
  MAIL_KEEP_DAYS: int(1, 36_500).default(30),
  DKIM_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/, 'must be a domain name such as example.org')
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/, 'must be a selector such as mail2026')
    .optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().trim().min(1).optional(),
  PAYSTACK_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^sk_(?:test|live)_[A-Za-z0-9]{8,200}$/, 'must be a Paystack secret key (sk_test_… or sk_live_…)')
    .optional(),
  PAYSTACK_API_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s]+[^/]$/, 'must be an absolute http(s) URL without a trailing slash')
    .default('https://api.paystack.co'),
  // Visible ASCII only: it travels in an Authorization header.
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, 'must have 16 to 512 characters, without spaces (e.g. from openssl rand -hex 32)')
    .optional(),
  METRICS_HOST: z.string().trim().min(1).optional(),
  METRICS_PORT: int(1, 65535).optional(),
});

export interface MailConfig {
  /** Where mail goes; unset keeps each message as an .eml file under DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The From header, as given (`Name <address>`). */
  from: string;
  /** The domain of From: Message-IDs are made on it. */
  fromDomain: string;
  replyTo: string | undefined;
  dkim: { domain: string; selector: string; privateKey: string } | undefined;
  perMinute: number;
  /** Sent messages are removed from the outbox this many days after they left (failed ones: 90). */
  keepDays: number;
}

const DEFAULT_MAIL_FROM = 'Arewa Community Development Foundation <no-reply@localhost>';

function mailConfig(e: z.infer<typeof envSchema>): MailConfig {
  if (e.SMTP_URL !== undefined && e.MAIL_FROM === undefined) {
    throw new ConfigError(
      'Invalid configuration: MAIL_FROM must be set with SMTP_URL (the sender, e.g. Foundation <no-reply@example.org>)',
    );
  }
  // Links in mails are built on PUBLIC_URL: a guessed local address would send strangers to localhost.
  if (e.SMTP_URL !== undefined && e.PUBLIC_URL === undefined) {
    throw new ConfigError(
      "Invalid configuration: PUBLIC_URL must be set with SMTP_URL (links in mails use the site's absolute address)",
    );
  }
  const dkimVars = {
    DKIM_DOMAIN: e.DKIM_DOMAIN,
    DKIM_SELECTOR: e.DKIM_SELECTOR,
    DKIM_PRIVATE_KEY_FILE: e.DKIM_PRIVATE_KEY_FILE,
  };
  const missing = Object.entries(dkimVars).filter(([, v]) => v === undefined);
  if (missing.length > 0 && missing.length < 3) {
    throw new ConfigError(
      `Invalid configuration: ${missing.map(([k]) => k).join(' and ')} must be set too (DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE go together)`,
    );
  }
  let dkim: MailConfig['dkim'];
  if (e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY_FILE) {
    let privateKey: string;
    try {
      privateKey = fs.readFileSync(path.resolve(e.DKIM_PRIVATE_KEY_FILE), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError(`Invalid configuration: DKIM_PRIVATE_KEY_FILE cannot be read (${code})`);
    }
    if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(privateKey)) {
      throw new ConfigError('Invalid configuration: DKIM_PRIVATE_KEY_FILE must hold a PEM private key');
    }
    dkim = { domain: e.DKIM_DOMAIN, selector: e.DKIM_SELECTOR, privateKey };
  }
  const from = e.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  const match = MAILBOX.exec(from)!;
  return {
    smtpUrl: e.SMTP_URL,
    from,
    fromDomain: (match[3] ?? match[5]!).toLowerCase(),
    replyTo: e.MAIL_REPLY_TO,
    dkim,
    perMinute: e.MAIL_PER_MINUTE,
    keepDays: e.MAIL_KEEP_DAYS,
  };
}

/** Online payment through Paystack (server/payments/): off unless a secret key is given. */
export interface PaystackConfig {
  secretKey: string;
  apiUrl: string;
  /** From the key: a test key takes no real money. */
  mode: 'test' | 'live';
}

function paystackConfig(e: z.infer<typeof envSchema>): PaystackConfig | undefined {
  if (e.PAYSTACK_SECRET_KEY === undefined) return undefined;
  // Paystack sends the donor back to the pledge page: the address must be the site's real one.
  if (e.PUBLIC_URL === undefined) {
    throw new ConfigError(
      "Invalid configuration: PUBLIC_URL must be set with PAYSTACK_SECRET_KEY (Paystack sends donors back to the site's absolute address)",
    );
  }
  return {
    secretKey: e.PAYSTACK_SECRET_KEY,
    apiUrl: e.PAYSTACK_API_URL,
    mode: e.PAYSTACK_SECRET_KEY.startsWith('sk_live_') ? 'live' : 'test',
  };
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  admin: { email: string; password: string } | undefined;
  jwtSecret: string | undefined;
  tokenTtlHours: number;
  /** A session unused this long is ended. */
  sessionIdleMinutes: number;
  /** Sign-in attempts per client address per minute (failed ones per account: see ACCOUNT_LIMIT). */
  signInAttemptsPerMinute: number;
  /** Rejected submissions and contact messages older than this are purged daily; unset keeps them. */
  submissionRetentionDays: number | undefined;
  seedDemo: boolean;
  corsOrigins: string[];
  uploadMaxBytes: number;
  bank: { accountName: string; accountNumber: string };
  /** The site's absolute address: every link, canonical tag, QR code and mail is built on it. */
  publicUrl: string;
  /** PUBLIC_URL was not given: the address above is the local one (refused in production). */
  publicUrlIsLocal: boolean;
  /** Host names requests may name; any other is refused before it reaches a cache (421). */
  allowedHosts: string[];
  /** Fastify's own forms: false, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  rateLimit: { perMinute: number; formsPerMinute: number };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** On SIGTERM/SIGINT, requests in flight have this long to finish; the rest are cut (server/main.ts). */
  shutdownGraceSeconds: number;
  /** The server's own backups: off unless a folder is given (server/backup/scheduled.ts). */
  backup: { dir: string | undefined; everyHours: number; keep: number; passphrase: string | undefined };
  /** Outgoing mail (server/mail/). */
  mail: MailConfig;
  /** Online payment; undefined when off (the site is as it was: bank transfers only). */
  paystack: PaystackConfig | undefined;
  /**
   * Prometheus metrics (server/http/metrics.ts): on the app for a bearer of `token`, or on a
   * listener of their own at host:port when `port` is set. Off when neither is set.
   */
  metrics: { token: string | undefined; host: string; port: number | undefined };
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable counts as unset, as in most process managers' env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  // Links are never built from a client's Host header: a production site must say its address.
  if (e.PUBLIC_URL === undefined && e.NODE_ENV === 'production') {
    throw new ConfigError(
      "Invalid configuration: PUBLIC_URL must be set in production (the site's absolute address, e.g. https://example.org)",
    );
  }
  // A local site: the address it listens on, with a loopback name for "any address".
  const localHost = ['0.0.0.0', '::'].includes(e.HOST) ? 'localhost' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  const publicUrl = e.PUBLIC_URL ?? `http://${localHost}:${e.PORT}`;
  const mail = mailConfig(e);
  const paystack = paystackConfig(e);
  if (e.METRICS_HOST !== undefined && e.METRICS_PORT === undefined) {
    throw new ConfigError(
      'Invalid configuration: METRICS_HOST must be set with METRICS_PORT (the private port the metrics are served on)',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      'Invalid configuration: METRICS_PORT must differ from PORT (the metrics have a listener of their own)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    jwtSecret: e.JWT_SECRET,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    signInAttemptsPerMinute: e.SIGN_IN_ATTEMPTS_PER_MINUTE,
    submissionRetentionDays: e.SUBMISSION_RETENTION_DAYS,
    // Demo content suits the embedded database (a first look); a real database starts empty.
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    corsOrigins: e.CORS_ORIGINS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    bank: { accountName: e.BANK_ACCOUNT_NAME, accountNumber: e.BANK_ACCOUNT_NUMBER },
    publicUrl,
    publicUrlIsLocal: e.PUBLIC_URL === undefined,
    // Without a PUBLIC_URL the site is a local one, reached by any loopback name.
    allowedHosts:
      e.ALLOWED_HOSTS ??
      (e.PUBLIC_URL ? [new URL(publicUrl).hostname] : [...new Set(['localhost', '127.0.0.1', '[::1]', localHost])]),
    trustProxy: e.TRUST_PROXY,
    rateLimit: { perMinute: e.RATE_LIMIT_PER_MINUTE, formsPerMinute: e.FORM_RATE_LIMIT_PER_MINUTE },
    logLevel: e.LOG_LEVEL,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    backup: {
      dir: e.BACKUP_DIR === undefined ? undefined : path.resolve(e.BACKUP_DIR),
      everyHours: e.BACKUP_EVERY_HOURS,
      keep: e.BACKUP_KEEP,
      passphrase: e.BACKUP_PASSPHRASE,
    },
    mail,
    paystack,
    metrics: { token: e.METRICS_TOKEN, host: e.METRICS_HOST ?? '127.0.0.1', port: e.METRICS_PORT },
  };
}
