/**
 * Configuration, parsed once from the environment at boot. A bad value stops the process with one
 * line naming the variable; nothing else in server/ reads process.env.
 */
import path from 'node:path';
import { z } from 'zod';

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

const envSchema = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  ADMIN_EMAIL: z.string().trim().toLowerCase().email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must have at least 12 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  TOKEN_TTL_HOURS: int(1, 24 * 30).default(12),
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
    .refine((origins) => origins.every((o) => o === '*' || /^https?:\/\/[^/\s]+$/.test(o)), {
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
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(300),
  FORM_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  admin: { email: string; password: string } | undefined;
  jwtSecret: string | undefined;
  tokenTtlHours: number;
  seedDemo: boolean;
  corsOrigins: string[];
  uploadMaxBytes: number;
  bank: { accountName: string; accountNumber: string };
  publicUrl: string | undefined;
  trustProxy: boolean;
  rateLimit: { perMinute: number; formsPerMinute: number };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
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
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    jwtSecret: e.JWT_SECRET,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    // Demo content suits the embedded database (a first look); a real database starts empty.
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    corsOrigins: e.CORS_ORIGINS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    bank: { accountName: e.BANK_ACCOUNT_NAME, accountNumber: e.BANK_ACCOUNT_NUMBER },
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: { perMinute: e.RATE_LIMIT_PER_MINUTE, formsPerMinute: e.FORM_RATE_LIMIT_PER_MINUTE },
    logLevel: e.LOG_LEVEL,
  };
}
