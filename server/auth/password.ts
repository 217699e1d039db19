/** Password hashing with scrypt from node:crypto: no native addon, memory-hard, salted. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { createSemaphore } from '../lib/semaphore';
import { stoppingRefusal } from '../lib/stopping';

const scryptAsync = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/**
 * Hashes at once: each takes a thread of libuv's pool of four for a few hundred milliseconds, and
 * the others must stay free for files, compression and DNS whatever a flood of sign-ins does.
 */
const hashing = createSemaphore(2);
const scrypt = (password: string, salt: Buffer, keylen: number, options: object) =>
  hashing.run(() => scryptAsync(password, salt, keylen, options));

/**
 * For a stop: hashes already running finish, and sign-ins still waiting for a slot (or arriving
 * later) are refused with 503 and Retry-After rather than waited for.
 */
export const refuseQueuedHashing = () => hashing.close(stoppingRefusal);

/** OWASP's scrypt cost (2^17, r 8, p 1): 128 MiB and a few hundred milliseconds per hash. */
const OWASP_COST = { N: 2 ** 17, r: 8, p: 1 };
let cost = OWASP_COST;
const KEY_LENGTH = 64;

/**
 * For test suites only, as Rails' SecurePassword.min_cost: `true` makes new hashes at scrypt
 * N = 2^10 (a millisecond, where OWASP's cost takes hundreds, and the server tests sign in
 * thousands of times); `false` puts OWASP's cost back. The format, the checks and the rehash rule
 * stay as they are. Nothing in server/ calls it: production always hashes at OWASP's cost.
 */
export function hashAtMinimumCost(minimum: boolean): void {
  cost = minimum ? { ...OWASP_COST, N: 2 ** 10 } : OWASP_COST;
}
/** Node refuses scrypt above maxmem: 128 * N * r bytes plus room. */
const maxmem = 256 * 1024 * 1024;

/** Returns `scrypt$N$r$p$salt$hash` (base64), which carries its own parameters. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True for a hash made with a lower cost than today's: it is replaced on the next sign-in. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, rr, pp] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < cost.N || Number(rr) !== cost.r || Number(pp) !== cost.p;
}

/** A hash of a random password, compared against when the email is unknown so timing does not tell. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
};
