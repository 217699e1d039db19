/**
 * One of every mail the site sends, in English and in Hausa, made by the site's own services on a
 * fresh embedded database with a clock this script moves, then shown in Chromium at phone width
 * (390 px) and saved as <outDir>/<kind>-<language>.png beside its .html. For looking at the mails
 * after a change of their templates or texts.
 *
 *   npm run screens:mail -- <outDir>
 */
import fs from 'node:fs';
import path from 'node:path';
import '../shared/messages/all';
import type { LightMyRequestResponse } from 'fastify';
import { nextDigestAt, sendDailyDigests } from '../server/alerts/digest';
import { queuePledgeReminders } from '../server/giving/reminders';
import { sendableRows } from '../server/mail/sendable';
import { advanceEditions } from '../server/newsletter/editions/sending';
import { launchBrowser, newContext } from '../tests/e2e/support/browser';
import { createTestApp, insertStaff } from '../tests/helpers/app';
import {
  advocatePayload,
  campaignPayload,
  contactPayload,
  newsletterPayload,
  partnerPayload,
  volunteerPayload,
} from '../tests/helpers/fixtures';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: npm run screens:mail -- <outDir>');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });

const DAY = 24 * 60 * 60 * 1000;
// Now: the database stamps some rows with its own clock.
let clock = new Date();
const t = await createTestApp('pglite', {
  env: { PUBLIC_URL: 'https://arewa-foundation.example.org', MAIL_FROM: 'Arewa Foundation <hello@example.org>' },
  now: () => clock,
});

const ok = (answer: LightMyRequestResponse, what: string) => {
  if (answer.statusCode >= 300) throw new Error(`${what}: ${answer.statusCode} ${answer.body}`);
  return answer.json();
};
const HOST = 'arewa-foundation.example.org';
const post = (url: string, payload: object, language: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { host: HOST, 'accept-language': language } });
const asAdmin = (request: { method: 'GET' | 'PUT' | 'POST'; url: string; payload?: object }) =>
  t.asAdmin({ ...request, headers: { host: HOST } });

try {
  // Staff who hear of each new entry, and one who reads the daily digest.
  ok(
    await asAdmin({
      method: 'PUT',
      url: '/api/auth/notifications',
      payload: { submissions: 'each', giving: 'each' },
    }),
    'alerts',
  );
  await insertStaff(t.deps.db, 'reviewer', 'reviewer@example.org');
  const settings = ok(await asAdmin({ method: 'GET', url: '/api/settings' }), 'settings');
  ok(
    await asAdmin({
      method: 'PUT',
      url: '/api/settings',
      payload: { ...(settings.settings ?? settings), welcomeMail: true },
    }),
    'welcome mail on',
  );
  const campaign = ok(
    await asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: 'Clean water for Dutse' }),
    }),
    'campaign',
  );
  const campaignId: string = campaign.campaign._id;

  for (const language of ['en', 'ha']) {
    const name = language === 'ha' ? 'Hauwa' : 'Amina';
    ok(await post('/api/submissions/newsletter/register', newsletterPayload(), language), 'newsletter');
    const volunteer = ok(
      await post('/api/submissions/volunteer/register', volunteerPayload({ firstName: name }), language),
      'volunteer',
    );
    ok(await post('/api/submissions/partner/register', partnerPayload(), language), 'partner');
    ok(await post('/api/submissions/advocate/register', advocatePayload(), language), 'advocate');
    ok(await post('/api/submissions/contact/register', contactPayload({ name }), language), 'contact');
    ok(
      await asAdmin({
        method: 'PUT',
        url: `/api/submissions/volunteer/${volunteer.data._id}/status`,
        payload: { status: 'approved' },
      }),
      'approve',
    );
    const pledge = ok(
      await post(
        '/api/pledges',
        { campaignId, amount: 25000, name, email: `${name.toLowerCase()}@example.org` },
        language,
      ),
      'pledge',
    );
    const paid = ok(
      await post(
        '/api/pledges',
        { campaignId, amount: 10000, name, email: `paid.${name.toLowerCase()}@example.org` },
        language,
      ),
      'pledge to pay',
    );
    ok(
      await asAdmin({
        method: 'PUT',
        url: `/api/pledges/${paid.data.reference}`,
        payload: { status: 'confirmed' },
      }),
      'gift',
    );
    void pledge;
  }
  ok(await post('/api/auth/forgot-password', { email: 'admin@example.org' }, 'en'), 'forgot password');
  ok(
    await asAdmin({
      method: 'POST',
      url: '/api/users',
      payload: { email: 'new.editor@example.org', name: 'Bala Musa', role: 'editor' },
    }),
    'new staff',
  );

  // An edition of the newsletter to the two (now confirmed) subscribers, and its test to staff.
  await t.deps.db.updateTable('newsletter_subscriptions').set({ confirmedAt: clock }).execute();
  const edition = ok(
    await asAdmin({
      method: 'POST',
      url: '/api/newsletters',
      payload: {
        subject: 'Clean water flows in Dutse',
        subjectHa: 'Ruwa mai tsafta yana gudana a Dutse',
        body: '## The borehole is drilled\n\nThanks to **312 of you**, the families of Dutse no longer walk two hours for water.\n\n- 4,000 litres a day\n- a committee of six women keeps it running\n\n> "Our children are in school in the morning now." — Hajiya Amina\n\nRead the [whole story](/campaigns).',
        bodyHa:
          '## An gama haƙa rijiyar burtsatse\n\nGodiya ga **mutum 312 daga cikinku**, iyalan Dutse ba sa tafiyar awa biyu don neman ruwa.\n\n- lita 4,000 a rana\n- kwamitin mata shida ne ke kula da ita\n\nKaranta [cikakken labarin](/campaigns).',
        campaignId,
      },
    }),
    'edition',
  );
  ok(await asAdmin({ method: 'POST', url: `/api/newsletters/${edition.data.id}/test` }), 'edition test');
  ok(await asAdmin({ method: 'POST', url: `/api/newsletters/${edition.data.id}/send` }), 'edition send');
  await advanceEditions(t.deps);

  // The next 07:00 in Lagos: the digest. Two days before the pledges expire: the reminders.
  clock = new Date(nextDigestAt(clock).getTime() + 30_000);
  await sendDailyDigests(t.deps);
  const expiry = await t.deps.db
    .selectFrom('pledges')
    .select('expiresAt')
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  clock = new Date(expiry.expiresAt.getTime() - 2 * DAY + 60_000);
  await queuePledgeReminders(t.deps);

  // Each message as the worker sends it: a newsletter's is its batch's body filled in, a composed
  // one is made (a reset mail, a confirmation, the pledges after the one told at once), and one
  // with nothing to send is left out.
  const prepare = sendableRows(t.deps);
  const prepared = await Promise.all(
    (await t.deps.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()).map(prepare),
  );
  const rows = prepared.filter((row) => row !== null);
  const firstOfEach = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = `${row.kind}-${row.language}`;
    if (!firstOfEach.has(key)) firstOfEach.set(key, row);
  }
  const browser = await launchBrowser();
  const context = await newContext(browser, 'phone', 'http://localhost');
  const page = await context.newPage();
  const index: string[] = [];
  for (const [key, row] of [...firstOfEach].sort(([a], [b]) => a.localeCompare(b))) {
    fs.writeFileSync(path.join(outDir, `${key}.html`), row.html);
    await page.setContent(row.html, { waitUntil: 'load' });
    await page.screenshot({ path: path.join(outDir, `${key}.png`), fullPage: true });
    index.push(`${key}\t${row.subject}`);
  }
  await browser.close();
  fs.writeFileSync(path.join(outDir, 'index.tsv'), `${index.join('\n')}\n`);
  console.log(`${firstOfEach.size} mails (of ${rows.length} queued) in ${outDir}:\n${index.join('\n')}`);
} finally {
  await t.close();
}
