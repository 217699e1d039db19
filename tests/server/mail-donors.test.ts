/**
 * The donor's mails, delivered to a real SMTP server on both databases: the instructions of a new
 * pledge (reference, amount, account, expiry, link), in the page's language; one reminder two days
 * before expiry on a clock the test moves, claimed once even by two runs at once, and none once a
 * gift arrived; one receipt per payment, also when a payment is reversed and confirmed again (by
 * hand or from a statement line); nothing queued by a rolled-back change; no phone number, and no
 * typed line break in a header.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../server/audit/audit';
import { recordGift } from '../../server/giving/gifts';
import { queuePledgeReminders } from '../../server/giving/reminders';
import { formatNaira } from '../../shared/format';
import { multipartBody } from '../fixtures/multipart';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, unique, uniqueEmail } from '../helpers/fixtures';
import { deliverDue, linkTo, mailEnv, mailsTo } from '../helpers/mail';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

const DAY = 86_400_000;
const PHONE = '0803 123 4567';

/** The whole of a mail as a reader could see it, for searching. */
const contentOf = (mail: ParsedMail) => `${mail.subject}\n${mail.text ?? ''}\n${mail.html || ''}`;
/** A phone number appears in none of its spellings. */
const expectNoPhone = (mail: ParsedMail) =>
  expect(contentOf(mail).replace(/[\s-]/g, '')).not.toMatch(/8031234567|803123/);

describe.each(testDatabases())('donor mails on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let campaign: { _id: string; title: string; titleHa: string; accountNumber: string; bankName: string };
  const base = new Date();
  let clock = base;
  const at = (ms: number) => {
    clock = new Date(base.getTime() + ms);
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' }, now: () => clock });
    const created = await t.asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: unique('Wells '), titleHa: 'Rijiyoyin Dutse' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    campaign = created.json().campaign;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const pledge = async (body: object, language = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      headers: { 'accept-language': language },
      payload: { campaignId: campaign._id, amount: 25_000, name: 'Hauwa Sani', phone: PHONE, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as {
      reference: string;
      bank: { accountName: string; accountNumber: string; bankName: string };
    };
  };
  const setStatus = (reference: string, payload: object) =>
    t.asAdmin({ method: 'PUT', url: `/api/pledges/${reference}`, payload });
  const outboxOf = (kind: string, to: string) =>
    t.deps.db.selectFrom('mail_outbox').selectAll().where('kind', '=', kind).where('toAddress', '=', to).execute();

  const pledgeIdOf = async (reference: string) =>
    (await t.deps.db.selectFrom('pledges').select('id').where('reference', '=', reference).executeTakeFirstOrThrow())
      .id;

  it('sends the instructions at once: reference, amount, account, expiry and the pledge page', async () => {
    const email = uniqueEmail('donor');
    const made = await pledge({ email });
    await deliverDue(t.deps, smtp);
    const [mail, ...more] = mailsTo(smtp, email);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain(made.reference);
    const text = mail!.text!;
    expect(text).toContain(made.reference);
    expect(text).toContain('narration');
    expect(text).toContain(formatNaira(25_000));
    expect(text).toContain(campaign.title);
    expect(text).toContain(made.bank.accountName);
    expect(text).toContain(made.bank.accountNumber);
    expect(text).toContain(made.bank.bankName);
    const expiry = new Date(base.getTime() + 14 * DAY + 3_600_000).toISOString();
    expect(text).toContain(`${expiry.slice(11, 16)} (Lagos time)`);
    expect(linkTo(mail!, `/pledge/${made.reference}`).href).toBe(
      `https://foundation.example.org/pledge/${made.reference}`,
    );
    expectNoPhone(mail!);
    expect(await outboxOf('pledge.instructions', email)).toHaveLength(1);
  });

  it('writes to a pledge from a Hausa page in Hausa, with the Hausa title and a Hausa link', async () => {
    const email = uniqueEmail('hausa');
    const made = await pledge({ email }, 'ha');
    await deliverDue(t.deps, smtp);
    const [mail] = mailsTo(smtp, email);
    expect(mail!.subject).toContain('Alƙawarinka');
    expect(mail!.text).toContain('Rijiyoyin Dutse');
    expect(mail!.text).toContain('agogon Legas');
    expect(linkTo(mail!, `/pledge/${made.reference}`).searchParams.get('lang')).toBe('ha');
    const row = await t.deps.db
      .selectFrom('pledges')
      .select('language')
      .where('reference', '=', made.reference)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('ha');
  });

  it('sends the donor nothing for a pledge without an email', async () => {
    const instructions = () =>
      t.deps.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'pledge.instructions').execute();
    const before = await instructions();
    await pledge({ email: '' });
    expect(await instructions()).toHaveLength(before.length);
  });

  it('reminds once, two days before expiry, and never twice even when two runs claim at once', async () => {
    const email = uniqueEmail('forgetful');
    const made = await pledge({ email });
    await deliverDue(t.deps, smtp);
    try {
      at(11 * DAY);
      await queuePledgeReminders(t.deps);
      expect(await outboxOf('pledge.reminder', email)).toHaveLength(0);
      at(12 * DAY + 60_000);
      await Promise.all([queuePledgeReminders(t.deps), queuePledgeReminders(t.deps)]);
      await queuePledgeReminders(t.deps);
      await deliverDue(t.deps, smtp);
      const mails = mailsTo(smtp, email);
      expect(mails.map((m) => m.subject)).toEqual([
        expect.stringContaining(made.reference),
        expect.stringMatching(/^Reminder/),
      ]);
      const reminder = mails[1]!;
      expect(reminder.text).toContain(made.reference);
      expect(reminder.text).toContain(made.bank.accountNumber);
      expect(linkTo(reminder, `/pledge/${made.reference}`)).toBeTruthy();
      expectNoPhone(reminder);
      const row = await t.deps.db
        .selectFrom('pledges')
        .select('remindedAt')
        .where('reference', '=', made.reference)
        .executeTakeFirstOrThrow();
      expect(row.remindedAt?.getTime()).toBe(base.getTime() + 12 * DAY + 60_000);
      // Past the expiry nothing more comes.
      at(15 * DAY);
      await queuePledgeReminders(t.deps);
      expect(await outboxOf('pledge.reminder', email)).toHaveLength(1);
    } finally {
      at(0);
    }
  });

  it('reminds no cancelled pledge, nor one made two days or less before its expiry', async () => {
    const cancelled = uniqueEmail('cancelled');
    const made = await pledge({ email: cancelled });
    expect((await setStatus(made.reference, { status: 'cancelled' })).statusCode).toBe(200);
    const short = uniqueEmail('short');
    const quick = await pledge({ email: short });
    // Made two days before its expiry: the instructions just went, a reminder would repeat them.
    await t.deps.db
      .updateTable('pledges')
      .set({ expiresAt: new Date(base.getTime() + 2 * DAY) })
      .where('reference', '=', quick.reference)
      .execute();
    try {
      at(DAY);
      await queuePledgeReminders(t.deps);
      at(12 * DAY + 60_000);
      await queuePledgeReminders(t.deps);
      expect(await outboxOf('pledge.reminder', cancelled)).toHaveLength(0);
      expect(await outboxOf('pledge.reminder', short)).toHaveLength(0);
    } finally {
      at(0);
    }
  });

  it('sends no reminder once a gift arrived, and one receipt with the number the page shows', async () => {
    const email = uniqueEmail('giver');
    const made = await pledge({ email });
    expect((await setStatus(made.reference, { status: 'confirmed' })).statusCode).toBe(200);
    await deliverDue(t.deps, smtp);
    const page = await t.publicCaller.pledge.page({ reference: made.reference });
    const receipt = mailsTo(smtp, email)[1]!;
    expect(receipt.subject).toContain(page.receipts[0]!.receiptNumber);
    expect(receipt.text).toContain(formatNaira(25_000));
    expect(receipt.text).toContain(campaign.title);
    expect(linkTo(receipt, `/pledge/${made.reference}`)).toBeTruthy();
    expectNoPhone(receipt);
    try {
      at(12 * DAY + 60_000);
      await queuePledgeReminders(t.deps);
      expect(await outboxOf('pledge.reminder', email)).toHaveLength(0);
    } finally {
      at(0);
    }
  });

  it('sends one receipt per payment: a reversal and a new confirmation send no second one', async () => {
    const email = uniqueEmail('twice');
    const made = await pledge({ email });
    const today = new Date(base.getTime() + 3_600_000).toISOString().slice(0, 10);
    // A part payment, then the rest: two payments, two receipts.
    expect(
      (await setStatus(made.reference, { status: 'confirmed', amountReceived: 10_000, receivedOn: today })).statusCode,
    ).toBe(200);
    expect((await setStatus(made.reference, { status: 'confirmed' })).statusCode).toBe(200);
    // Reopened (both reversed), then confirmed again: the same payments, no new receipt.
    expect((await setStatus(made.reference, { status: 'pending' })).statusCode).toBe(200);
    expect(
      (await setStatus(made.reference, { status: 'confirmed', amountReceived: 10_000, receivedOn: today })).statusCode,
    ).toBe(200);
    expect((await setStatus(made.reference, { status: 'confirmed' })).statusCode).toBe(200);
    await deliverDue(t.deps, smtp);
    const receipts = mailsTo(smtp, email).filter((m) => /^Receipt/.test(m.subject ?? ''));
    // One each for ₦10,000 and ₦15,000, in whichever order the mail server took them.
    const amounts = receipts.map((m) => [10_000, 15_000].find((amount) => m.text?.includes(formatNaira(amount))));
    expect(amounts.sort()).toEqual([10_000, 15_000]);
    const gifts = await t.deps.db
      .selectFrom('gifts')
      .innerJoin('pledges', 'pledges.id', 'gifts.pledgeId')
      .select('gifts.id')
      .where('pledges.reference', '=', made.reference)
      .execute();
    expect(gifts).toHaveLength(4);
  });

  it('withdraws a receipt not yet sent when its gift is reversed, and reminds a reopened pledge again', async () => {
    const email = uniqueEmail('reopened');
    const made = await pledge({ email });
    const reopenedAt = 12 * DAY + 60_000;
    try {
      at(reopenedAt);
      await queuePledgeReminders(t.deps);
      expect(await outboxOf('pledge.reminder', email)).toHaveLength(1);
      // Twelve days on, the sign-in token of the test has expired: the staff call goes through tRPC.
      await t.adminCaller.pledge.update({ id: made.reference, data: { status: 'confirmed' } });
      expect(await outboxOf('gift.receipt', email)).toHaveLength(1);
      // Taken back before the mail server took the receipt: the donor is not thanked for it.
      await t.adminCaller.pledge.update({ id: made.reference, data: { status: 'pending' } });
      expect(await outboxOf('gift.receipt', email)).toHaveLength(0);
      // Reopened for a new period of 14 days: reminded again two days before its new expiry.
      at(reopenedAt + 12 * DAY + 2 * 3_600_000);
      await queuePledgeReminders(t.deps);
      expect(await outboxOf('pledge.reminder', email)).toHaveLength(2);
      await deliverDue(t.deps, smtp);
      expect(mailsTo(smtp, email).filter((m) => /^Receipt/.test(m.subject ?? ''))).toEqual([]);
    } finally {
      at(0);
    }
  });

  it('sends one receipt for a statement line matched, reopened and matched again', async () => {
    const email = uniqueEmail('banked');
    const made = await pledge({ email, amount: 5000 });
    const day = new Date(base.getTime() - DAY).toISOString().slice(0, 10);
    const ddmmyyyy = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    const csv = [
      'Trans Date,Value Date,Narration,Debit,Credit,Balance',
      `${ddmmyyyy},${ddmmyyyy},TRF FRM HAUWA SANI REF ${made.reference},,"5,000.00","1,005,000.00"`,
    ].join('\r\n');
    const { payload, headers } = await multipartBody([
      { field: 'file', data: csv, filename: 's.csv', type: 'text/csv' },
    ]);
    const imported = await t.asAdmin({ method: 'POST', url: '/api/statements', payload, headers });
    expect(imported.statusCode, imported.body).toBe(200);
    const { statementId } = imported.json();
    const [line] = (await t.asAdmin({ method: 'GET', url: `/api/statements/${statementId}/lines` })).json().lines;
    const confirm = () =>
      t.asAdmin({ method: 'POST', url: `/api/statements/${statementId}/confirm`, payload: { lineIds: [line.id] } });
    expect((await confirm()).json().confirmed).toBe(1);
    const reopened = await t.asAdmin({
      method: 'PUT',
      url: `/api/statement-lines/${line.id}`,
      payload: { action: 'open' },
    });
    expect(reopened.statusCode).toBe(200);
    const again = await t.asAdmin({
      method: 'PUT',
      url: `/api/statement-lines/${line.id}`,
      payload: { action: 'pledge', pledgeId: await pledgeIdOf(made.reference) },
    });
    expect(again.statusCode, again.body).toBe(200);
    await deliverDue(t.deps, smtp);
    expect(mailsTo(smtp, email).filter((m) => /^Receipt/.test(m.subject ?? ''))).toHaveLength(1);
  });

  it('queues nothing when the change that caused the mail rolls back', async () => {
    const email = uniqueEmail('rolled');
    const made = await pledge({ email });
    const pledgeId = await pledgeIdOf(made.reference);
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await recordGift(
          trx,
          {
            campaignId: campaign._id,
            campaignTitle: campaign.title,
            pledgeId,
            statementLineId: null,
            amount: 25_000,
            receivedOn: base.toISOString().slice(0, 10),
            name: 'Hauwa Sani',
            anonymous: false,
            hideAmount: false,
          },
          SYSTEM,
          clock,
          t.deps,
        );
        expect(
          await trx
            .selectFrom('mail_outbox')
            .select('id')
            .where('kind', '=', 'gift.receipt')
            .where('toAddress', '=', email)
            .execute(),
        ).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outboxOf('gift.receipt', email)).toHaveLength(0);
  });

  it('keeps a line break typed in the name out of every header', async () => {
    const email = uniqueEmail('crlf');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      payload: { campaignId: campaign._id, amount: 5000, name: 'Eve\r\nBcc: victim@example.org', email },
    });
    if (res.statusCode === 201) {
      await deliverDue(t.deps, smtp);
      const received = smtp.received.filter((m) => m.rcptTo.includes(email));
      expect(received).toHaveLength(1);
      expect(received[0]!.rcptTo).toEqual([email]);
      const head = received[0]!.raw.toString('utf8').split(/\r\n\r\n/)[0]!;
      expect(head).not.toMatch(/victim/i);
    } else {
      expect(res.statusCode).toBe(400);
    }
    expect(mailsTo(smtp, 'victim@example.org')).toEqual([]);
  });
});
