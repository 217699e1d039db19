/**
 * Admin tokens: HS256 JWTs from jose with expiry, issuer and audience, all checked on the way in.
 * The same secret signs the sign-in device cookies (device-cookie.ts) for another audience, so
 * neither can pass for the other.
 */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'foundation-site';
const AUDIENCE = 'foundation-admin';
const DEVICE_AUDIENCE = 'foundation-sign-in-device';
/** Each purpose of a mailed link is its own audience: a token for one never passes for another. */
const linkAudience = (purpose: LinkPurpose) => `foundation-link:${purpose}`;

/** What a link in a mail lets its holder do. */
export type LinkPurpose = 'newsletter.confirm' | 'newsletter.unsubscribe' | 'password.reset' | 'staff.invite';

/** What a mailed link's token says: whose it is, its own id, and until when it holds. */
export interface LinkClaims {
  subject: string;
  /** The token's own random id: what marks a single-use link as used (server/auth/link-tokens.ts). */
  id: string;
  expiresAt: Date;
  /**
   * A value the link is bound to, checked again when it is used: a reset link names a fingerprint
   * of the password it replaces, so it dies once the password changes.
   */
  bound: string | undefined;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** What a token says: whose it is, which session, and the admin's token version when issued. */
export interface TokenClaims {
  adminId: string;
  sessionId: string;
  version: number;
}

export interface TokenSigner {
  sign(admin: { id: string; email: string }, session: { id: string; version: number }): Promise<string>;
  /** The claims of a valid token, or null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
  /** A device cookie's value: this browser signed in to this account (nonce: its own random id). */
  signDevice(device: DeviceClaims, lifetimeSeconds: number): Promise<string>;
  /** The claims of a valid, unexpired device cookie value, or null for anything else. */
  verifyDevice(value: string): Promise<DeviceClaims | null>;
  /** The token of a link in a mail, for one purpose, valid that long. */
  signLink(link: { purpose: LinkPurpose; subject: string; lifetimeSeconds: number; bound?: string }): Promise<string>;
  /** Checks a link's token for that purpose: its claims, or why it is refused. */
  verifyLink(token: string, purpose: LinkPurpose): Promise<LinkCheck>;
}

/** What a sign-in device cookie says: the account it signed in to, and its own random nonce. */
export interface DeviceClaims {
  accountId: string;
  nonce: string;
}

export function createTokenSigner(secret: string, ttlHours: number, now: () => Date = () => new Date()): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (admin, session) =>
      new SignJWT({ email: admin.email, sid: session.id, ver: session.version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(admin.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .setExpirationTime(Math.floor(now().getTime() / 1000) + ttlHours * 3600)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'iat', 'sid', 'ver'],
        });
        const { sub, sid, ver } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || !Number.isSafeInteger(ver)) return null;
        return { adminId: sub, sessionId: sid, version: ver as number };
      } catch {
        return null;
      }
    },
    signDevice: (device, lifetimeSeconds) => {
      const at = Math.floor(now().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(device.accountId)
        .setJti(device.nonce)
        .setIssuer(ISSUER)
        .setAudience(DEVICE_AUDIENCE)
        .setIssuedAt(at)
        .setExpirationTime(at + lifetimeSeconds)
        .sign(key);
    },
    async verifyDevice(value) {
      try {
        const { payload } = await jwtVerify(value, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: DEVICE_AUDIENCE,
          currentDate: now(),
          requiredClaims: ['sub', 'jti', 'exp', 'iat'],
        });
        const { sub, jti } = payload;
        if (typeof sub !== 'string' || typeof jti !== 'string' || jti.length < 16 || jti.length > 64) return null;
        return { accountId: sub, nonce: jti };
      } catch {
        return null;
      }
    },
    signLink: ({ purpose, subject, lifetimeSeconds, bound }) => {
      const at = Math.floor(now().getTime() / 1000);
      return new SignJWT(bound === undefined ? {} : { bnd: bound })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject)
        .setJti(randomUUID())
        .setIssuer(ISSUER)
        .setAudience(linkAudience(purpose))
        .setIssuedAt(at)
        .setExpirationTime(at + lifetimeSeconds)
        .sign(key);
    },
    async verifyLink(token, purpose) {
      // A token is a few hundred characters; anything far longer is not one of ours.
      if (token.length > 2048) return { ok: false, reason: 'invalid' };
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: linkAudience(purpose),
          currentDate: now(),
          requiredClaims: ['sub', 'jti', 'exp', 'iat'],
        });
        const { sub, jti, exp, bnd } = payload;
        if (typeof sub !== 'string' || typeof jti !== 'string' || (bnd !== undefined && typeof bnd !== 'string'))
          return { ok: false, reason: 'invalid' };
        return { ok: true, claims: { subject: sub, id: jti, expiresAt: new Date(exp! * 1000), bound: bnd } };
      } catch (error) {
        return { ok: false, reason: (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
      }
    },
  };
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
