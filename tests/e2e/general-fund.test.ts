/**
 * A credit for the general fund, in the browser at desktop width: a finance officer imports a
 * statement with a likely match and an unmatched credit; the likely match offers one main action
 * ("Confirm match") with the other choices folded under it; the unmatched credit is recorded to
 * the general fund with the donor's name. Then gifts.csv says "General fund", no campaign's total
 * moved, the dashboard reports it apart, and `npm run check:totals` agrees on the run's database.
 */
import { spawn } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, ROOT } from '../helpers/processes';
import { upload } from './public-seed';
import { api, createCampaign } from './support/api';
import { hasChromium, screenshot, signedIn, trackConsoleErrors } from './support/browser';
import { e2eRun } from './support/run';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const lagosToday = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** `npm run check:totals` against these database settings: its exit code and what it printed. */
function checkTotalsScript(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'check:totals'], { cwd: ROOT, env: cleanEnv(env) });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!hasChromium())('the general fund', () => {
  const run = e2eRun();
  let campaign: { _id: string; title: string };
  let financeToken: string;

  beforeAll(async () => {
    campaign = await createCampaign(run.server.url, run.token, {
      title: 'Classrooms for Gwale',
      amountRaised: 400_000,
      target: 1_500_000,
      image: await upload(run.server.url, run.token, '#1d6b5e'),
    });
    // A finance officer, with the one-time password changed as at a first sign-in.
    const { password } = await api<{ password: string }>(run.server.url, 'POST', '/api/users', run.token, {
      email: 'hauwa@example.org',
      name: 'Hauwa Danjuma',
      role: 'finance',
    });
    const first = await api<{ token: string }>(run.server.url, 'POST', '/api/auth/login', undefined, {
      email: 'hauwa@example.org',
      password,
    });
    const newPassword = 'hauwa reconciles every statement';
    await api(run.server.url, 'POST', '/api/auth/password', first.token, { currentPassword: password, newPassword });
    ({ token: financeToken } = await api<{ token: string }>(run.server.url, 'POST', '/api/auth/login', undefined, {
      email: 'hauwa@example.org',
      password: newPassword,
    }));
    // A pledge the statement's first credit will likely match (same amount, a similar name).
    await api(run.server.url, 'POST', '/api/pledges', undefined, {
      campaignId: campaign._id,
      amount: 7000,
      name: 'Musa Abubakar',
    });
  });

  it('a finance officer records an unmatched credit to the general fund; gifts.csv and check:totals agree', async () => {
    const day = ddmmyyyy(lagosToday());
    const csv = [
      'Trans Date,Value Date,Narration,Debit,Credit,Balance',
      `${day},${day},NIP TRANSFER FROM MUSA ABUBAKR,,"7,000.00",`,
      `${day},${day},TRF FROM HALIMA YUSUF FOR THE FOUNDATION,,"25,000.00",`,
    ].join('\r\n');
    const context = await signedIn(run.browser, 'desktop', run.server.url, financeToken);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    await page.goto('/admin/donations');
    await page.getByRole('heading', { name: 'Donations', level: 1 }).waitFor();
    await page
      .getByLabel(/statement file/i)
      .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('Likely matches: 1').first().waitFor();

    // The likely match: one main action, the other choices folded under it.
    const likely = page.getByRole('region', { name: /^Likely matches/ }).getByRole('listitem');
    const confirm = likely.getByRole('button', { name: /^Confirm ₦7,000 as pledge / });
    await confirm.waitFor();
    expect(await confirm.textContent()).toBe('Confirm match');
    const likelyToFund = likely.getByRole('button', { name: 'Record ₦7,000 as a gift to the general fund' });
    expect(await likelyToFund.isVisible()).toBe(false);
    await screenshot(page, 'general-fund-donations-desktop');
    await likely.getByText('Other choices').click();
    await likelyToFund.waitFor();
    await likely.getByRole('button', { name: 'Mark ₦7,000 as not a donation' }).waitFor();
    await likely.getByLabel('Another pledge’s reference').waitFor();
    await screenshot(page, 'general-fund-other-choices-desktop');
    await expectNoAxeViolations(page);

    // The unmatched credit, recorded to the general fund with the donor's name.
    const unmatched = page.getByRole('region', { name: /^Unmatched credits/ });
    await unmatched.getByText('TRF FROM HALIMA YUSUF FOR THE FOUNDATION').waitFor();
    await unmatched.getByLabel('Donor’s name (optional)').fill('Halima Yusuf');
    await unmatched.getByRole('button', { name: 'Record ₦25,000 as a gift to the general fund' }).click();
    await page.getByText('Line saved').first().waitFor();
    await page.getByRole('heading', { name: 'Unmatched credits (0)' }).waitFor();
    await screenshot(page, 'general-fund-recorded-desktop');

    // gifts.csv, as finance downloads it: "General fund" in its Campaign column.
    const res = await fetch(`${run.server.url}/api/gifts.csv`, {
      headers: { authorization: `Bearer ${financeToken}` },
    });
    expect(res.status).toBe(200);
    const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Campaign: 'General fund',
      Name: 'Halima Yusuf',
      'Amount (NGN)': '25000',
      'Statement narration': 'TRF FROM HALIMA YUSUF FOR THE FOUNDATION',
    });
    // No campaign's total moved.
    const totals = await api<{ amountRaised: number }>(run.server.url, 'GET', `/campaigns/${campaign._id}`);
    expect(totals.amountRaised).toBe(400_000);

    // The dashboard reports it apart from what campaigns received.
    await page.goto('/admin');
    const card = page.getByRole('region', { name: 'Giving' });
    await card.getByText('General fund this month').waitFor();
    await card.getByText('₦25,000 in all').waitFor();
    await screenshot(page, 'general-fund-dashboard-desktop');
    expect(errors).toEqual([]);
    await context.close();

    // And the totals check agrees, on the run's own database (PGlite opens in one process: the
    // server stops first).
    await run.server.halt();
    const check = await checkTotalsScript(run.server.databaseEnv);
    expect(check.output).toContain('Every campaign total matches its gifts and adjustments.');
    expect(check.code).toBe(0);
  });
});
