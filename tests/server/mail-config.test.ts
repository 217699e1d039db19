/** The mail settings: what is refused at start, and what a bare configuration means. */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config';
import { testConfig } from '../helpers/app';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-config-'));
const keyFile = path.join(dir, 'dkim.pem');
fs.writeFileSync(
  keyFile,
  generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
);
const notAKey = path.join(dir, 'not-a-key.txt');
fs.writeFileSync(notAKey, 'hello');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const SMTP = {
  SMTP_URL: 'smtp://user:secret@smtp.example.org:587',
  MAIL_FROM: 'Arewa Foundation <no-reply@foundation.example.org>',
  PUBLIC_URL: 'https://foundation.example.org',
};
const DKIM = { DKIM_DOMAIN: 'foundation.example.org', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY_FILE: keyFile };

const refusal = (env: Record<string, string>) => {
  try {
    testConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('mail configuration', () => {
  it('keeps mail as files from a local sender when SMTP_URL is not set', () => {
    const { mail } = testConfig();
    expect(mail).toMatchObject({ smtpUrl: undefined, fromDomain: 'localhost', replyTo: undefined, dkim: undefined });
    expect(mail.from).toMatch(/<no-reply@localhost>$/);
    expect(mail.perMinute).toBe(600);
  });

  it('reads an SMTP provider, a sender, a reply address, DKIM and a rate', () => {
    const { mail } = testConfig({
      ...SMTP,
      ...DKIM,
      MAIL_REPLY_TO: 'info@foundation.example.org',
      MAIL_PER_MINUTE: '120',
    });
    expect(mail).toMatchObject({
      smtpUrl: SMTP.SMTP_URL,
      from: SMTP.MAIL_FROM,
      fromDomain: 'foundation.example.org',
      replyTo: 'info@foundation.example.org',
      perMinute: 120,
      dkim: { domain: 'foundation.example.org', selector: 'mail2026' },
    });
    expect(mail.dkim?.privateKey).toMatch(/BEGIN PRIVATE KEY/);
    expect(testConfig({ ...SMTP, SMTP_URL: 'smtps://u:p@smtp.example.org:465' }).mail.smtpUrl).toMatch(/^smtps:/);
    expect(testConfig({ ...SMTP, MAIL_FROM: 'no-reply@foundation.example.org' }).mail.fromDomain).toBe(
      'foundation.example.org',
    );
  });

  it('refuses SMTP_URL without PUBLIC_URL or MAIL_FROM, and a URL that is not SMTP', () => {
    expect(refusal({ ...SMTP, PUBLIC_URL: '' })).toMatch(/PUBLIC_URL must be set with SMTP_URL/);
    expect(refusal({ ...SMTP, MAIL_FROM: '' })).toMatch(/MAIL_FROM must be set with SMTP_URL/);
    expect(refusal({ ...SMTP, SMTP_URL: 'https://smtp.example.org' })).toMatch(/^Invalid configuration: SMTP_URL /);
    expect(refusal({ ...SMTP, SMTP_URL: 'not a url' })).toMatch(/SMTP_URL must be a URL/);
  });

  it('refuses a sender or reply address that is not one address on one line', () => {
    expect(refusal({ ...SMTP, MAIL_FROM: 'Foundation' })).toMatch(/MAIL_FROM must be an address/);
    expect(refusal({ ...SMTP, MAIL_FROM: 'A <a@example.org>\r\nBcc: b@example.org' })).toMatch(/MAIL_FROM/);
    expect(refusal({ MAIL_REPLY_TO: 'two@example.org, three@example.org' })).toMatch(/MAIL_REPLY_TO/);
  });

  it('refuses DKIM half set, a key file that cannot be read or holds no key, and a rate of 0', () => {
    expect(refusal({ ...SMTP, DKIM_DOMAIN: DKIM.DKIM_DOMAIN })).toMatch(
      /DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE must be set too/,
    );
    expect(refusal({ ...SMTP, ...DKIM, DKIM_SELECTOR: '' })).toMatch(/DKIM_SELECTOR must be set too/);
    expect(refusal({ ...SMTP, ...DKIM, DKIM_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') })).toMatch(
      /DKIM_PRIVATE_KEY_FILE cannot be read \(ENOENT\)/,
    );
    expect(refusal({ ...SMTP, ...DKIM, DKIM_PRIVATE_KEY_FILE: notAKey })).toMatch(/must hold a PEM private key/);
    expect(refusal({ MAIL_PER_MINUTE: '0' })).toMatch(/MAIL_PER_MINUTE must be a whole number/);
  });
});
