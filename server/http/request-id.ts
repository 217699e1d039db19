/**
 * Request ids: a visitor quotes the one of a failed request, and the operator finds its log lines
 * (`requestId`) and audit rows. The proxy in front may name the request (`X-Request-Id`), so one id
 * runs through its logs and ours; from anyone else the header is ignored, and an id is made here.
 * Every answer carries it in `X-Request-Id`, and every JSON refusal in its `requestId`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** What a proxy's id may be: short, and nothing a log line or a header could be bent by. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** proxy-addr's named ranges, as TRUST_PROXY accepts them (config.ts). */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether the socket's peer is a trusted proxy, as TRUST_PROXY says: a hop count trusts the
 * nearest hop, a list trusts the addresses and ranges it names.
 */
export function trustsPeer(setting: Config['trustProxy']): (address: string | undefined) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return () => setting > 0;
  const trusted = new BlockList();
  for (const entry of setting.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client of a dual-stack socket arrives as ::ffff:a.b.c.d.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped && trusted.check(mapped, 'ipv4')) return true;
    return trusted.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
  };
}

/** Fastify's `genReqId`: the trusted proxy's sane X-Request-Id, or a new UUID. */
export function requestIdOf(setting: Config['trustProxy']): (req: IncomingMessage) => string {
  const trusted = trustsPeer(setting);
  return (req) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && SANE_ID.test(given) && trusted(req.socket?.remoteAddress)
      ? given
      : randomUUID();
  };
}

/**
 * Registered first: the header goes on the raw answer, so it is on every answer, also those
 * written straight to the socket (the response cache's hits, which never replay a stored one),
 * and `requestId` joins every JSON refusal that does not carry it yet.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('x-request-id', req.id);
    done();
  });
  app.addHook('preSerialization', (req, reply, payload, done) => {
    if (
      reply.statusCode >= 400 &&
      payload !== null &&
      typeof payload === 'object' &&
      !Array.isArray(payload) &&
      'message' in payload &&
      !('requestId' in payload)
    ) {
      return done(null, { ...payload, requestId: req.id });
    }
    done(null, payload);
  });
}
