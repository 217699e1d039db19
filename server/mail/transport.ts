/**
 * How a message leaves: over SMTP when SMTP_URL is set (pooled connections, DKIM-signed when the
 * DKIM_* variables are set), otherwise as an .eml file under DATA_DIR/mail, so nothing is lost on a
 * site without a mail provider. Both build the same MIME message from the row (nodemailer).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Config } from '../config';
import type { SendableRow } from './attachments';

export interface MailTransport {
  kind: 'smtp' | 'files';
  /**
   * Delivers one message, or throws. Answers a note kept with the sent row: where a file went.
   * A message kept as a file counts as sent, so setting SMTP_URL later does not send it again.
   */
  send(row: SendableRow): Promise<string | undefined>;
  close(): void;
}

/** The MIME message of a row: its own Message-ID and headers, From and Reply-To from the config. */
export function messageOf(row: SendableRow, mail: Config['mail']): Mail.Options {
  return {
    from: mail.from,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    to: row.toAddress,
    subject: row.subject,
    messageId: row.messageId,
    headers: { ...row.headers, 'Content-Language': row.language },
    text: row.text,
    ...(row.html ? { html: row.html } : {}),
    ...(row.attachments?.length ? { attachments: row.attachments } : {}),
  };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function createMailTransport(config: Config): MailTransport {
  const { mail } = config;
  if (mail.smtpUrl) {
    const url = new URL(mail.smtpUrl);
    const smtp = nodemailer.createTransport({
      url: mail.smtpUrl,
      pool: true,
      maxConnections: 3,
      maxMessages: 100,
      // Added up, well under the outbox's lease (outbox.ts LEASE_MS).
      connectionTimeout: 20_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
      // Port 587: the password never crosses the network in clear; a local relay may be plain.
      requireTLS: url.protocol === 'smtp:' && !LOOPBACK.has(url.hostname),
      ...(mail.dkim
        ? { dkim: { domainName: mail.dkim.domain, keySelector: mail.dkim.selector, privateKey: mail.dkim.privateKey } }
        : {}),
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      kind: 'smtp',
      async send(row) {
        await smtp.sendMail(messageOf(row, mail));
        return undefined;
      },
      close: () => smtp.close(),
    };
  }

  const dir = path.join(config.dataDir, 'mail');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(row) {
      const info = await builder.sendMail(messageOf(row, mail));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${row.id}.eml`);
      // Written whole or not at all: a reader never sees half a message.
      const temp = path.join(dir, `.${row.id}.${randomBytes(4).toString('hex')}.tmp`);
      await fs.writeFile(temp, info.message as Buffer);
      await fs.rename(temp, file);
      return `kept as ${file} (no SMTP_URL)`;
    },
    close: () => builder.close(),
  };
}
