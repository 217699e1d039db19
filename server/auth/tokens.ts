/** Admin tokens: HS256 JWTs from jose with expiry, issuer and audience, all checked on the way in. */
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'foundation-site';
const AUDIENCE = 'foundation-admin';

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
  };
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
