/**
 * `--encrypt`: the whole compressed backup sealed with AES-256-GCM, its key derived from a
 * passphrase with scrypt (node:crypto). The file starts with a magic line, the salt, the IV and a
 * key check (so a wrong passphrase is told at once); the GCM tag ends it. Decryption holds back
 * the last 16 bytes as they stream by: they are the tag, checked when the stream ends.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  type DecipherGCM,
  randomBytes,
  scryptSync,
  timingSafeEqual,
} from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BackupError } from './format';

export const ENCRYPTED_MAGIC = Buffer.from('FNDBAK-AES256GCM\n');
const SALT = 16;
const IV = 12;
const CHECK = 16;
const TAG = 16;
const HEADER = ENCRYPTED_MAGIC.length + SALT + IV + CHECK;
// N = 2^15 with r = 8: about 32 MB and a tenth of a second, once per backup.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

const deriveKey = (passphrase: string, salt: Buffer) => scryptSync(passphrase, salt, 32, SCRYPT);
const keyCheck = (key: Buffer) => createHmac('sha256', key).update('foundation-backup-key').digest().subarray(0, CHECK);

export function encryptStream(passphrase: string): Transform {
  const salt = randomBytes(SALT);
  const iv = randomBytes(IV);
  const key = deriveKey(passphrase, salt);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!started) {
        started = true;
        this.push(Buffer.concat([ENCRYPTED_MAGIC, salt, iv, keyCheck(key)]));
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!started) this.push(Buffer.concat([ENCRYPTED_MAGIC, salt, iv, keyCheck(key)]));
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/** Undoes encryptStream; refuses a wrong passphrase at the header and a changed byte at the end. */
export function decryptStream(passphrase: string): Transform {
  let header = Buffer.alloc(0);
  let decipher: DecipherGCM | undefined;
  let held = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let data = chunk;
      if (!decipher) {
        header = Buffer.concat([header, data]);
        if (header.length < HEADER) return done();
        if (!header.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC))
          return done(new BackupError('This file is not an encrypted backup'));
        const salt = header.subarray(ENCRYPTED_MAGIC.length, ENCRYPTED_MAGIC.length + SALT);
        const iv = header.subarray(ENCRYPTED_MAGIC.length + SALT, ENCRYPTED_MAGIC.length + SALT + IV);
        const check = header.subarray(HEADER - CHECK, HEADER);
        const key = deriveKey(passphrase, salt);
        if (!timingSafeEqual(keyCheck(key), check)) return done(new BackupError('The passphrase is wrong'));
        decipher = createDecipheriv('aes-256-gcm', key, iv);
        data = header.subarray(HEADER);
      }
      held = Buffer.concat([held, data]);
      if (held.length <= TAG) return done();
      const ready = held.subarray(0, held.length - TAG);
      held = held.subarray(held.length - TAG);
      done(null, decipher.update(ready));
    },
    flush(done) {
      if (!decipher || held.length !== TAG) return done(new BackupError('The encrypted backup is cut short'));
      decipher.setAuthTag(held);
      try {
        done(null, decipher.final());
      } catch {
        done(new BackupError('The encrypted backup was changed or damaged'));
      }
    },
  });
}
