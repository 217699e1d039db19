/** Admin tokens: HS256 JWTs from jose with expiry, issuer and audience, all checked on the way in. */
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'foundation-site';
const AUDIENCE = 'foundation-admin';

export interface TokenSigner {
  sign(admin: { id: string; email: string }): Promise<string>;
  /** The admin id of a valid token, or null for anything else. */
  verify(token: string): Promise<string | null>;
}

export function createTokenSigner(secret: string, ttlHours: number, now: () => Date = () => new Date()): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (admin) =>
      new SignJWT({ email: admin.email })
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
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        return typeof payload.sub === 'string' ? payload.sub : null;
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
