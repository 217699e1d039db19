/**
 * Sign-in device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a
 * browser that signed in to an account gets a signed cookie naming that account and a random
 * nonce. On the next sign-in to that account the cookie makes the attempt "trusted": the
 * account's lock does not apply to it, only the cookie's own small budget of failures. Anyone
 * else (no cookie, another account's, a forged, expired or spent one) counts toward the account's
 * lock. So a stranger who guesses at a known address locks out strangers, not the staff member.
 *
 * The cookie is HttpOnly, SameSite=Strict, kept a year, and sent only to the two sign-in paths
 * (REST and tRPC): one Set-Cookie line for each. Its name carries a tag of the account, so a
 * browser shared by several staff members keeps one for each.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceClaims, TokenSigner } from './tokens';

/** The paths the browser sends the cookie to: the sign-in of each API face, and nothing else. */
export const DEVICE_COOKIE_PATHS = ['/api/auth/login', '/trpc/auth.login'] as const;
/** How long a browser stays known: a year from its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const NAME_PREFIX = 'sign_in_device_';
/** At most this many cookies of the account's name are checked (a browser sends one). */
const MAX_VALUES = 3;

/** What the sign-in needs of the HTTP exchange: the request's cookies, and a way to set some. */
export interface DeviceCookieJar {
  /** The request's Cookie header. */
  cookieHeader: string | undefined;
  /** The request came over https (as Fastify reads it, TRUST_PROXY included). */
  https: boolean;
  /** Adds Set-Cookie lines to the answer. */
  setCookies(lines: string[]): void;
}

/** The jar of a Fastify request and its reply: the REST route and the tRPC context build it alike. */
export const deviceCookieJar = (req: FastifyRequest, reply: FastifyReply): DeviceCookieJar => ({
  cookieHeader: req.headers.cookie,
  https: req.protocol === 'https',
  setCookies(lines) {
    for (const line of lines) reply.header('set-cookie', line);
  },
});

/** The cookie's name for an account: a tag of its id, not the id or the email. */
export const deviceCookieName = (accountId: string) =>
  `${NAME_PREFIX}${createHash('sha256').update(accountId).digest('base64url').slice(0, 16)}`;

/** The values of the cookies named `name` in a Cookie header. */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    values.push(part.slice(at + 1).trim());
    if (values.length === MAX_VALUES) break;
  }
  return values;
}

/** The device claims of the request's valid cookie for this account, or null. */
export async function deviceOf(
  tokens: TokenSigner,
  jar: DeviceCookieJar | null,
  accountId: string,
): Promise<DeviceClaims | null> {
  if (!jar) return null;
  for (const value of cookieValues(jar.cookieHeader, deviceCookieName(accountId))) {
    const claims = await tokens.verifyDevice(value);
    if (claims?.accountId === accountId) return claims;
  }
  return null;
}

/** A new device cookie for the account (a fresh nonce), set on both sign-in paths. */
export async function setDeviceCookie(
  tokens: TokenSigner,
  jar: DeviceCookieJar,
  accountId: string,
  options: { secure: boolean },
): Promise<void> {
  const value = await tokens.signDevice(
    { accountId, nonce: randomBytes(18).toString('base64url') },
    DEVICE_COOKIE_MAX_AGE_SECONDS,
  );
  const attributes = `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`;
  jar.setCookies(
    DEVICE_COOKIE_PATHS.map((path) => `${deviceCookieName(accountId)}=${value}; Path=${path}; ${attributes}`),
  );
}
