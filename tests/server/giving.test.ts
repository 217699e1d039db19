/**
 * Giving end to end through the REST paths, on both databases: a pledge and its public view, a
 * statement imported and matched, confirmation that moves the campaign's totals in the same
 * transaction, part payments, reopening and cancelling, decisions about unmatched credits, two
 * staff confirming at once, re-imports that add nothing, and the totals rule after all of it.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/service';
import { checkTotals } from '../../server/giving/totals';
import { multipartBody } from '../fixtures/multipart';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, rowCount, unique } from '../helpers/fixtures';

const today = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A reference as a donor might mistype its layout: lower case with a space inside it. */
const sloppy = (reference: string) => `${reference.slice(0, 3).toLowerCase()} ${reference.slice(3).toLowerCase()}`;

describe.each(testDatabases())('giving on %s', (kind) => {
  let t: TestApp;
  let financeToken: string;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const finance = await insertStaff(t.deps.db, 'finance');
    financeToken = await issueToken(t.deps, finance);
    const created = await t.asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: unique('Wells '), amountRaised: 20_000, supporters: 3 }),
    });
    campaignId = created.json().campaign._id;
  }, 60_000);
  afterAll(() => t.close());

  const asFinance = (options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }) =>
    t.app.inject({ ...options, headers: { authorization: `Bearer ${financeToken}` } });
  const pledge = (body: object) => t.app.inject({ method: 'POST', url: '/api/pledges', payload: body });
  const campaign = async () => (await t.app.inject({ method: 'GET', url: `/campaigns/${campaignId}` })).json();
  const importCsv = async (csv: string, filename = 'statement.csv', mapping?: object) => {
    const parts = [{ field: 'file', data: csv, filename, type: 'text/csv' }];
    const { payload, headers } = await multipartBody(parts);
    if (mapping) {
      // Rebuilt with the mapping as a text field.
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), filename);
      form.append('mapping', JSON.stringify(mapping));
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return t.app.inject({
        method: 'POST',
        url: '/api/statements',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${financeToken}` },
      });
    }
    return t.app.inject({
      method: 'POST',
      url: '/api/statements',
      payload,
      headers: { ...headers, authorization: `Bearer ${financeToken}` },
    });
  };
  const statementCsv = (lines: string[]) =>
    ['Trans Date,Value Date,Narration,Debit,Credit,Balance', ...lines].join('\r\n');

  it("makes a pledge with a reference and shows it without the donor's details", async () => {
    const res = await pledge({
      campaignId,
      amount: '5,000',
      name: 'Amina Bello',
      anonymous: false,
      phone: '0803 123 4567',
    });
    expect(res.statusCode).toBe(201);
    const { message, data } = res.json();
    expect(message).toBe('Your payment reference is ready');
    expect(data).toMatchObject({ amount: 5000, campaignId, status: 'pending' });
    expect(data.reference).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(data.bank.accountNumber).toMatch(/^\d{10}$/);
    expect(new Date(data.expiresAt).getTime() - Date.now()).toBeGreaterThan(13 * 86_400_000);
    const row = await t.deps.db
      .selectFrom('pledges')
      .selectAll()
      .where('reference', '=', data.reference)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('+2348031234567');

    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${encodeURIComponent(sloppy(data.reference))}`,
    });
    expect(seen.statusCode).toBe(200);
    expect(Object.keys(seen.json()).sort()).toEqual(
      ['amount', 'campaignId', 'campaignTitle', 'createdAt', 'expiresAt', 'paidOnline', 'reference', 'status'].sort(),
    );
    expect(seen.body).not.toContain('Amina');
    // The phone in any spelling; not a bare '803', which an id or a timestamp may hold.
    expect(seen.body).not.toMatch(/803\D{0,2}123\D{0,2}4567/);

    const qr = await t.app.inject({ method: 'GET', url: `/api/pledges/${data.reference}/qr.svg` });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.body).toContain('<svg');
  });

  it('refuses bad pledges with the shared messages and stores nothing', async () => {
    const before = await rowCount(t.deps, 'pledges');
    const cases: [object, number, string][] = [
      [{ campaignId, amount: 99, name: 'A' }, 400, 'Please enter a whole number of naira from ₦100 to ₦10,000,000'],
      [{ campaignId, amount: 5000.5, name: 'A' }, 400, 'Please enter a whole number of naira from ₦100 to ₦10,000,000'],
      [
        { campaignId, amount: 10_000_001, name: 'A' },
        400,
        'Please enter a whole number of naira from ₦100 to ₦10,000,000',
      ],
      [{ campaignId, amount: 5000 }, 400, 'Please enter your name or choose to give anonymously'],
      [{ campaignId, amount: 5000, anonymous: true, phone: '12' }, 400, 'Please enter a valid phone number'],
      [{ campaignId, amount: 5000, anonymous: true, website: 'bot' }, 400, 'Invalid request'],
      [
        { campaignId: '0192d4e8-7a51-7c3e-9b1f-3c2a5d6e7f80', amount: 5000, anonymous: true },
        404,
        'Campaign not found',
      ],
      [{ campaignId: '../../etc', amount: 5000, anonymous: true }, 404, 'Campaign not found'],
    ];
    for (const [body, status, message] of cases) {
      const res = await pledge(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message.slice(0, 30));
    }
    expect(await rowCount(t.deps, 'pledges')).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/pledges/ABCDEFGH' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/pledges/%00' })).statusCode).toBe(404);
  });

  it('imports a statement, confirms the sure match, moves the totals once, and adds nothing on a re-import', async () => {
    const before = await campaign();
    const made = (await pledge({ campaignId, amount: 5000, name: 'Hauwa Sani', anonymous: false })).json().data;
    const day = ddmmyyyy(today());
    const csv = statementCsv([
      `${day},${day},TRF FRM HAUWA SANI REF ${sloppy(made.reference)},,"5,000.00","1,005,000.00"`,
      `${day},${day},SMS ALERT CHARGES,52.50,,"1,004,947.50"`,
      `${day},${day},STAMP DUTY LEVY,50.00,,"1,004,897.50"`,
      `${day},${day},TRANSFER FROM OPERATIONS ACCOUNT,,"250,000.00","1,254,897.50"`,
    ]);
    const imported = await importCsv(csv);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      lines: 4,
      credits: 2,
      duplicates: 0,
      debits: 2,
      matches: { sure: 1, likely: 0 },
      unmatched: 1,
      problems: [],
    });
    const { statementId } = imported.json();
    const lines = (await asFinance({ method: 'GET', url: `/api/statements/${statementId}/lines` })).json().lines;
    const sure = lines.find((l: { kind: string }) => l.kind === 'sure');
    expect(sure.pledge.reference).toBe(made.reference);

    // Two staff confirm the same line at once: one gift.
    const [a, b] = await Promise.all([
      asFinance({ method: 'POST', url: `/api/statements/${statementId}/confirm`, payload: { lineIds: [sure.id] } }),
      asFinance({
        method: 'POST',
        url: `/api/statements/${statementId}/confirm`,
        payload: { lineIds: [sure.id, sure.id] },
      }),
    ]);
    expect([a.json().confirmed, b.json().confirmed].sort()).toEqual([0, 1]);
    const gifts = await t.deps.db.selectFrom('gifts').selectAll().where('statementLineId', '=', sure.id).execute();
    expect(gifts).toHaveLength(1);

    const after = await campaign();
    expect(after.amountRaised).toBe(before.amountRaised + 5000);
    expect(after.supporters).toBe(before.supporters + 1);
    const seen = (await t.app.inject({ method: 'GET', url: `/api/pledges/${made.reference}` })).json();
    expect(seen).toMatchObject({ status: 'confirmed', receivedAmount: 5000, receivedOn: today() });

    // The same file, and an overlapping one, add nothing.
    const again = await importCsv(csv);
    expect(again.json()).toMatchObject({ credits: 2, duplicates: 2, matches: { sure: 0, likely: 0 }, unmatched: 0 });
    expect((await campaign()).amountRaised).toBe(after.amountRaised);
    expect(await checkTotals(t.deps.db)).toEqual([]);
  });

  it('suggests a likely match by amount, date and a similar name, and decides unmatched lines', async () => {
    const made = (await pledge({ campaignId, amount: 7000, name: 'Musa Abubakar', anonymous: false })).json().data;
    const day = ddmmyyyy(today());
    const imported = await importCsv(
      statementCsv([
        `${day},${day},NIP TRANSFER FROM MUSA ABUBAKR,,"7,000.00",`,
        `${day},${day},POS DEPOSIT CASH,,"3,000.00",`,
        `${day},${day},INTERBANK TRF OWN ACCOUNT,,"9,000.00",`,
      ]),
    );
    expect(imported.json().matches).toEqual({ sure: 0, likely: 1 });
    const lines = (
      await asFinance({ method: 'GET', url: `/api/statements/${imported.json().statementId}/lines` })
    ).json().lines as { id: string; kind: string | null; amount: number; pledge: { reference: string } | null }[];
    expect(lines.find((l) => l.kind === 'likely')!.pledge!.reference).toBe(made.reference);

    const before = await campaign();
    const cash = lines.find((l) => l.amount === 3000)!;
    const gift = await asFinance({
      method: 'PUT',
      url: `/api/statement-lines/${cash.id}`,
      payload: { action: 'gift', campaignId, name: '' },
    });
    expect(gift.statusCode, gift.body).toBe(200);
    expect(gift.json().data).toMatchObject({ status: 'confirmed', gift: { campaignTitle: before.title } });
    const own = lines.find((l) => l.amount === 9000)!;
    expect(
      (
        await asFinance({ method: 'PUT', url: `/api/statement-lines/${own.id}`, payload: { action: 'notDonation' } })
      ).json().data.status,
    ).toBe('not_donation');
    // Deciding a line twice is refused; taking the gift back restores the totals.
    const twice = await asFinance({
      method: 'PUT',
      url: `/api/statement-lines/${cash.id}`,
      payload: { action: 'notDonation' },
    });
    expect(twice.statusCode).toBe(409);
    expect((await campaign()).amountRaised).toBe(before.amountRaised + 3000);
    expect(
      (await asFinance({ method: 'PUT', url: `/api/statement-lines/${cash.id}`, payload: { action: 'open' } }))
        .statusCode,
    ).toBe(200);
    expect((await campaign()).amountRaised).toBe(before.amountRaised);
    expect((await campaign()).supporters).toBe(before.supporters);
    expect(await checkTotals(t.deps.db)).toEqual([]);
  });

  it('names a pledge to update by its reference, like the GET, or by its id', async () => {
    const made = (await pledge({ campaignId, amount: 2500, name: 'Hauwa Bello', anonymous: false })).json().data;
    const sloppy = `${made.reference.slice(0, 4).toLowerCase()}-${made.reference.slice(4)}`;
    const byReference = await asFinance({
      method: 'PUT',
      url: `/api/pledges/${sloppy}`,
      payload: { status: 'cancelled' },
    });
    expect(byReference.statusCode, byReference.body).toBe(200);
    expect(byReference.json().data).toMatchObject({ reference: made.reference, status: 'cancelled' });
    const unknown = await asFinance({ method: 'PUT', url: '/api/pledges/ABCD2345', payload: { status: 'pending' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('confirms part payments, reopens and cancels pledges, and keeps the totals rule', async () => {
    const made = (await pledge({ campaignId, amount: 10_000, name: 'Zainab Umar', anonymous: false })).json().data;
    const { id } = (await asFinance({ method: 'GET', url: `/api/pledges?q=${made.reference}` })).json().items[0];
    const before = await campaign();
    const part = await asFinance({
      method: 'PUT',
      url: `/api/pledges/${id}`,
      payload: { status: 'confirmed', amountReceived: 4000, receivedOn: today() },
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ status: 'confirmed', receivedAmount: 4000, outstanding: 6000 });
    const rest = await asFinance({ method: 'PUT', url: `/api/pledges/${id}`, payload: { status: 'confirmed' } });
    expect(rest.json().data).toMatchObject({ receivedAmount: 10_000, outstanding: 0 });
    // Two payments of one pledge: one supporter.
    expect(await campaign()).toMatchObject({
      amountRaised: before.amountRaised + 10_000,
      supporters: before.supporters + 1,
    });
    expect(
      (await asFinance({ method: 'PUT', url: `/api/pledges/${id}`, payload: { status: 'cancelled' } })).statusCode,
    ).toBe(409);
    const future = await asFinance({
      method: 'PUT',
      url: `/api/pledges/${id}`,
      payload: { status: 'confirmed', amountReceived: 1, receivedOn: '2999-01-01' },
    });
    expect(future.statusCode).toBe(409);

    const reopened = await asFinance({ method: 'PUT', url: `/api/pledges/${id}`, payload: { status: 'pending' } });
    expect(reopened.json().data).toMatchObject({ status: 'pending', receivedAmount: 0 });
    expect(await campaign()).toMatchObject({ amountRaised: before.amountRaised, supporters: before.supporters });
    expect(
      (await asFinance({ method: 'PUT', url: `/api/pledges/${id}`, payload: { status: 'cancelled' } })).json().data
        .status,
    ).toBe('cancelled');

    // An expired pledge reads as expired, and reopening gives it a new period.
    const old = (await pledge({ campaignId, amount: 2000, anonymous: true })).json().data;
    await t.deps.db
      .updateTable('pledges')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('reference', '=', old.reference)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: `/api/pledges/${old.reference}` })).json().status).toBe('expired');
    const expired = (await asFinance({ method: 'GET', url: '/api/pledges?status=expired' })).json().items;
    expect(expired.map((p: { reference: string }) => p.reference)).toContain(old.reference);
    const oldId = expired.find((p: { reference: string }) => p.reference === old.reference).id;
    await asFinance({ method: 'PUT', url: `/api/pledges/${oldId}`, payload: { status: 'pending' } });
    expect((await t.app.inject({ method: 'GET', url: `/api/pledges/${old.reference}` })).json().status).toBe('pending');
    expect(await checkTotals(t.deps.db)).toEqual([]);
  });

  it('records a hand edit of the total as an adjustment with its author', async () => {
    const current = await campaign();
    const { _id, createdAt, updatedAt, status, ...editable } = current;
    const res = await t.asAdmin({
      method: 'PUT',
      url: `/campaigns/${campaignId}`,
      payload: { ...editable, amountRaised: current.amountRaised + 1234, supporters: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The spec's form sends supporters as 0: the count stays.
    expect(await campaign()).toMatchObject({
      amountRaised: current.amountRaised + 1234,
      supporters: current.supporters,
    });
    const adjustment = await t.deps.db
      .selectFrom('amount_adjustments')
      .selectAll()
      .where('campaignId', '=', campaignId)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(adjustment).toMatchObject({ amountDelta: 1234, supportersDelta: 0, author: 'admin@example.org' });
    expect(await checkTotals(t.deps.db)).toEqual([]);
  });

  it('refuses statement files it cannot read, storing nothing', async () => {
    const statements = await rowCount(t.deps, 'bank_statements');
    const send = async (data: string | Uint8Array, filename: string) => {
      const { payload, headers } = await multipartBody([{ field: 'file', data, filename }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/statements',
        payload,
        headers: { ...headers, authorization: `Bearer ${financeToken}` },
      });
    };
    const cases: [string | Uint8Array, string, string][] = [
      [
        new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0, 1, 2, 3, 255, 254]),
        'statement.pdf',
        'not a statement',
      ],
      ['', 'empty.csv', 'choose a statement file'],
      ['Trans Date,Narration,Debit,Credit\r\n', 'header-only.csv', 'no transaction lines'],
      ['Trans Date,Narration,Debit\r\n01/11/2026,X,5.00\r\n', 'no-credit.csv', 'no credit column'],
      [new Uint8Array(5 * 1024 * 1024 + 1).fill(65), 'huge.csv', 'larger than 5 MB'],
    ];
    for (const [data, filename, message] of cases) {
      const res = await send(data, filename);
      expect(res.statusCode, `${filename}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().message.toLowerCase()).toContain(message.toLowerCase());
    }
    expect(await rowCount(t.deps, 'bank_statements')).toBe(statements);

    // Unknown columns: the answer names them; the mapping sent is remembered for the next file.
    const odd = 'When,What,In,Out\r\n02/11/2026,GIFT FROM BINTA,"1,500.00",\r\n';
    const asked = await importCsv(odd, 'odd.csv');
    expect(asked.statusCode).toBe(400);
    expect(asked.json().header).toEqual(['When', 'What', 'In', 'Out']);
    const mapped = await importCsv(odd, 'odd.csv', { date: 'When', narration: 'What', credit: 'In', debit: 'Out' });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const remembered = await importCsv(odd.replace('1,500.00', '1,600.00'), 'odd-2.csv');
    expect(remembered.statusCode, remembered.body).toBe(200);
    expect(remembered.json().credits).toBe(1);
  });

  it('exports gifts as CSV with a byte-order mark and neutralised formulas, audited', async () => {
    await pledge({ campaignId, amount: 1500, name: '=HYPERLINK("x")', anonymous: false });
    const made = (await asFinance({ method: 'GET', url: '/api/pledges?q=HYPERLINK' })).json().items[0];
    await asFinance({ method: 'PUT', url: `/api/pledges/${made.id}`, payload: { status: 'confirmed' } });
    const res = await asFinance({ method: 'GET', url: '/api/gifts.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.Name?.includes('HYPERLINK'))!.Name).toBe(`'=HYPERLINK("x")`);
    const audited = await t.deps.db
      .selectFrom('audit_events')
      .select('summary')
      .where('action', '=', 'gift.exported')
      .execute();
    expect(audited.length).toBeGreaterThan(0);
  });

  it('exports a donor name with a line break in one cell, with no line that runs as a formula', async () => {
    const before = parse((await asFinance({ method: 'GET', url: '/api/gifts.csv' })).body.replace(/^\uFEFF/, ''), {
      columns: true,
    }).length;
    const made = await pledge({ campaignId, amount: 1500, name: 'Binta\n=HYPERLINK("x")', anonymous: false });
    expect(made.statusCode, made.body).toBe(201);
    const found = (await asFinance({ method: 'GET', url: `/api/pledges?q=${made.json().data.reference}` })).json();
    await asFinance({ method: 'PUT', url: `/api/pledges/${found.items[0].id}`, payload: { status: 'confirmed' } });
    const rows = parse((await asFinance({ method: 'GET', url: '/api/gifts.csv' })).body.replace(/^\uFEFF/, ''), {
      columns: true,
    }) as Record<string, string>[];
    expect(rows).toHaveLength(before + 1);
    for (const cell of rows.flatMap((r) => Object.values(r))) {
      for (const line of cell.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it("keeps donors' details from reviewers and editors", async () => {
    for (const role of ['reviewer', 'editor'] as const) {
      const token = await issueToken(t.deps, await insertStaff(t.deps.db, role));
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/pledges',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('pages the pledges with limit, before and next, the tRPC twin alike', async () => {
    for (const name of ['Sani Ali', 'Hauwa Idris', 'Kabiru Yusuf'])
      expect((await pledge({ campaignId, amount: 1000, name, anonymous: false })).statusCode).toBe(201);
    const idsOf = (page: { items: { id: string }[] }) => page.items.map((p) => p.id);
    const all = (await asFinance({ method: 'GET', url: '/api/pledges?limit=200' })).json();
    expect(all.next).toBeNull();
    expect(all.items.length).toBeGreaterThan(4);
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page: { items: { id: string }[]; next: string | null } = (
        await asFinance({ method: 'GET', url: `/api/pledges?limit=2${before ? `&before=${before}` : ''}` })
      ).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...idsOf(page));
      before = page.next;
    } while (before);
    expect(seen).toEqual(idsOf(all));
    // tRPC's infinite lists send the cursor as `cursor`.
    const first = await t.adminCaller.pledge.list({ limit: 2 });
    const second = await t.adminCaller.pledge.list({ limit: 2, cursor: first.next });
    expect([...idsOf(first), ...idsOf(second)]).toEqual(seen.slice(0, 4));
    expect((await asFinance({ method: 'GET', url: '/api/pledges?before=forged' })).statusCode).toBe(400);
  });
});
