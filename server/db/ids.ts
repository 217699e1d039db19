import { randomBytes } from 'node:crypto';

/**
 * A UUIDv7: 48 bits of milliseconds then random bits, so ids sort by creation time and index
 * well. A counter in the random part keeps ids made in the same millisecond in order.
 */
let lastMs = 0;
let counter = 0;

export function newId(now = Date.now()): string {
  if (now <= lastMs) {
    counter = (counter + 1) & 0xfff;
    if (counter === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    counter = randomBytes(2).readUInt16BE(0) & 0x7ff;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that are not even well formed never reach the database (they would be a 500 there). */
export const isId = (value: string): boolean => UUID.test(value);
