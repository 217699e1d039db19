/**
 * The rules behind the public forms' mail (docs/decisions/034): the one normalisation of an
 * address to its mailbox, the one rule for what a mail may repeat of what a stranger typed (as
 * laws over many inputs), and the per-mailbox limits, held by one statement on both databases:
 * sliding windows, places taken one after the other by requests at once, forgotten after a day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILBOX_LIMITS, mailboxOf, onceADay, pruneMailboxSends, reserveMailbox } from '../../server/mail/mailbox';
import { looksLikeLink, repeatable } from '../../server/mail/typed-text';
import { freshDatabase, type TestDatabase, testDatabases } from '../helpers/databases';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('the mailbox of an address', () => {
  it('drops the +tag and the case, and for Gmail the dots of the name', () => {
    for (const address of ['amina@example.org', 'Amina@Example.ORG', 'amina+1@example.org', 'AMINA+news+2@example.org'])
      expect(mailboxOf(address), address).toBe('amina@example.org');
    for (const address of ['a.mina+x@gmail.com', 'amina@googlemail.com', 'A.M.I.N.A@GMail.com'])
      expect(mailboxOf(address), address).toBe('amina@gmail.com');
    // Dots elsewhere are part of the name, and a name that starts with + keeps it.
    expect(mailboxOf('a.mina@example.org')).toBe('a.mina@example.org');
    expect(mailboxOf('+amina@example.org')).toBe('+amina@example.org');
  });

  it('keys what goes once a day by mailbox and Lagos day', () => {
    const late = new Date('2026-11-28T22:59:00Z');
    expect(onceADay('newsletter.confirm', 'Amina+3@example.org', late)).toBe(
      'newsletter.confirm:amina@example.org:2026-11-28',
    );
    // Midnight in Lagos is 23:00 UTC.
    expect(onceADay('newsletter.confirm', 'amina@example.org', new Date(late.getTime() + 2 * MINUTE))).toBe(
      'newsletter.confirm:amina@example.org:2026-11-29',
    );
  });
});

describe('what a mail repeats of what a stranger typed', () => {
  const hosts = [
    'evil.example',
    'bit.ly',
    'EVIL.EXAMPLE',
    'sub.evil.co.uk',
    'xn--80ak6aa92e.com',
    'пример.рф',
    '10.0.0.7',
  ];
  const dressed = (host: string) => [
    host,
    `http://${host}`,
    `https://${host}/claim?x=1`,
    `hxxp://${host}`,
    `Visit ${host} now`,
    `WIN ₦500,000 NOW: visit ${host}/claim`,
    `claims@${host}`,
    host.replaceAll('.', '．'),
    host.replaceAll('.', '。'),
    host.replace('.', '\u200b.'),
  ];

  it('finds a link in every dressing of every host', () => {
    for (const host of hosts)
      for (const text of dressed(host)) {
        expect(looksLikeLink(text), text).toBe(true);
        expect(repeatable(text), text).toBe('');
      }
    for (const text of ['www.win-big', 'Claim at WWW.something', 'mailto:someone', 'ftp://files'])
      expect(looksLikeLink(text), text).toBe(true);
  });

  it('leaves names, organisations and subjects as people write them', () => {
    const texts = [
      'Hauwa Sani',
      'Ɗanjuma Ƙasim',
      "Mary-Jane O'Neil",
      'J.R. Okafor',
      'Dr. Aminu Bello',
      'Alh. Musa Ɗan Ladi',
      'Arewa Women’s Co-operative, Kano',
      'Question about the borehole in Dutse',
      'Donation of ₦500,000 for 2026',
      'St. Louis Secondary School',
    ];
    for (const text of texts) {
      expect(looksLikeLink(text), text).toBe(false);
      expect(repeatable(`  ${text} `), text).toBe(text);
    }
    expect(repeatable('   ')).toBe('');
    expect(repeatable(undefined)).toBe('');
  });
});

describe.each(testDatabases())('the mailbox limits on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.close());

  const start = new Date('2026-11-28T08:00:00Z');
  const at = (ms: number) => new Date(start.getTime() + ms);
  const reserve = (address: string, when: Date) => reserveMailbox(database.db, 'pledge.instructions', address, when);

  it('allows 3 in any hour and 10 in any day, counting only what it allowed', async () => {
    expect(MAILBOX_LIMITS['pledge.instructions']).toEqual([
      { max: 3, windowMs: HOUR },
      { max: 10, windowMs: DAY },
    ]);
    const box = (tag: number) => `limits+${tag}@example.org`;
    const taken: boolean[] = [];
    for (let i = 0; i < 5; i++) taken.push(await reserve(box(i), at(i * MINUTE)));
    expect(taken).toEqual([true, true, true, false, false]);
    // An hour after the first, one place is free again: the window slides.
    expect(await reserve(box(9), at(HOUR + 1))).toBe(true);
    expect(await reserve(box(9), at(HOUR + 2))).toBe(false);
    // Hour by hour, up to ten in the day.
    let allowed = 4;
    for (let hour = 2; hour < 12; hour++)
      for (let i = 0; i < 3; i++) if (await reserve(box(i), at(hour * HOUR + i))) allowed++;
    expect(allowed).toBe(10);
    // A day after the first three, three more.
    expect(await reserve(box(1), at(DAY + 3 * MINUTE))).toBe(true);
    // Another kind of mail to the same mailbox is counted apart.
    expect(await reserveMailbox(database.db, 'pledge.lookup', box(0), at(DAY + 3 * MINUTE))).toBe(true);
  });

  it('counts requests at once one after the other', async () => {
    const when = at(2 * DAY);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        database.db.transaction().execute((trx) => reserveMailbox(trx, 'pledge.lookup', `once+${i}@example.org`, when)),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(3);
  });

  it('gives a place back when its transaction rolls back', async () => {
    const when = at(3 * DAY);
    for (let i = 0; i < 3; i++)
      await database.db
        .transaction()
        .execute(async (trx) => {
          await reserveMailbox(trx, 'password.reset', 'rollback@example.org', when);
          throw new Error('the change fails');
        })
        .catch(() => {});
    expect(await reserveMailbox(database.db, 'password.reset', 'rollback@example.org', when)).toBe(true);
  });

  it('forgets a mailbox a day after its last counted mail', async () => {
    const count = async () =>
      (
        await database.db
          .selectFrom('mailbox_sends')
          .select('mailbox')
          .where('mailbox', '=', 'old@example.org')
          .execute()
      ).length;
    await reserveMailbox(database.db, 'password.reset', 'old@example.org', at(4 * DAY));
    await pruneMailboxSends(database.db, at(5 * DAY - MINUTE));
    expect(await count()).toBe(1);
    await pruneMailboxSends(database.db, at(5 * DAY + MINUTE));
    expect(await count()).toBe(0);
  });
});
