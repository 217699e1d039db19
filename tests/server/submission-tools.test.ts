/**
 * What staff do with submissions beyond reviewing them: search by name or email, filter by status,
 * internal notes, erasure that takes the notes too, and the CSV export parsed back. Both databases.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeCell } from '../../server/lib/csv';
import { headerOf } from '../../server/submissions/export';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { contactPayload, uniqueEmail, volunteerPayload } from '../helpers/fixtures';

describe('CSV cells', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+1', '+234 803', '-2', '@SUM(A1)', '\tx', '\rx']) expect(safeCell(cell)).toBe(`'${cell}`);
    for (const cell of ['Ɗanladi', '1=1', 'a@b.org', '']) expect(safeCell(cell)).toBe(cell);
  });

  it('neutralises a formula on any line of a multi-line cell', () => {
    expect(safeCell('hello\n=cmd')).toBe("hello\n'=cmd");
    expect(safeCell('a\r\n@SUM(A1)\r+1')).toBe("a\r\n'@SUM(A1)\r'+1");
    expect(safeCell('line one\nline two')).toBe('line one\nline two');
  });

  it('heads columns in words', () => {
    expect(['_id', 'firstName', 'registrationDate', 'socialMediaHandles'].map(headerOf)).toEqual([
      'ID',
      'First name',
      'Registration date',
      'Social media handles',
    ]);
  });
});

describe.each(testDatabases())('submission tools on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    const people = [
      { key: 'hausa', firstName: 'Ɗanladi', lastName: 'Ƙwaƙwalwa', email: uniqueEmail('danladi') },
      { key: 'formula', firstName: '=HYPERLINK("http://x")', lastName: 'Musa', email: uniqueEmail('musa') },
      { key: 'percent', firstName: 'Hadiza', lastName: '100%_sure', email: uniqueEmail('hadiza') },
    ];
    for (const { key, ...fields } of people) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submissions/volunteer/register',
        payload: volunteerPayload({ ...fields, motivation: 'Ina son taimakawa ƴan uwana' }),
      });
      ids[key] = res.json().data._id;
    }
    await t.asAdmin({
      method: 'PUT',
      url: `/api/submissions/volunteer/${ids.hausa}/status`,
      payload: { status: 'approved' },
    });
  }, 60_000);
  afterAll(() => t.close());

  const names = (page: { items: readonly unknown[] }) =>
    page.items.map((i) => (i as { firstName: string }).firstName).sort();

  it('searches names and emails, case-insensitively, with % and _ taken as themselves', async () => {
    expect(names(await t.adminCaller.submission.page({ type: 'volunteer', q: 'ɗanladi' }))).toEqual(['Ɗanladi']);
    expect(names(await t.adminCaller.submission.page({ type: 'volunteer', q: 'MUSA' }))).toEqual([
      '=HYPERLINK("http://x")',
    ]);
    expect(names(await t.adminCaller.submission.page({ type: 'volunteer', q: '%_' }))).toEqual(['Hadiza']);
    expect((await t.adminCaller.submission.page({ type: 'volunteer', q: '%' })).items).toHaveLength(1);
    expect((await t.adminCaller.submission.page({ type: 'volunteer', q: 'nobody-like-this' })).items).toEqual([]);
  });

  it('filters by status, and a status the kind does not have matches nothing', async () => {
    expect(names(await t.adminCaller.submission.page({ type: 'volunteer', status: 'approved' }))).toEqual(['Ɗanladi']);
    expect(await t.adminCaller.submission.page({ type: 'volunteer', status: 'pending' })).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ firstName: 'Hadiza' })]),
    });
    expect((await t.adminCaller.submission.page({ type: 'volunteer', status: 'unsubscribed' })).items).toEqual([]);
    expect((await t.adminCaller.submission.page({ type: 'contact', status: 'approved' })).items).toEqual([]);
  });

  it('keeps notes with their author and time, and erasing the entry erases them', async () => {
    const contact = (
      await t.app.inject({ method: 'POST', url: '/api/submissions/contact/register', payload: contactPayload() })
    ).json().data;
    const path = `/api/submissions/contact/${contact._id}/notes`;
    const added = await t.asAdmin({ method: 'POST', url: path, payload: { body: 'Called back on Monday.' } });
    expect(added.statusCode).toBe(201);
    expect(added.json().note).toMatchObject({ body: 'Called back on Monday.', author: 'admin@example.org' });
    await t.adminCaller.submission.addNote({ type: 'contact', id: contact._id, body: 'Visit booked.' });
    const notes = (await t.asAdmin({ method: 'GET', url: path })).json().notes;
    expect(notes.map((n: { body: string }) => n.body)).toEqual(['Called back on Monday.', 'Visit booked.']);

    expect((await t.asAdmin({ method: 'POST', url: path, payload: { body: '   ' } })).statusCode).toBe(400);
    expect((await t.asAdmin({ method: 'POST', url: path, payload: { body: 'x'.repeat(5001) } })).statusCode).toBe(400);
    const missing = `/api/submissions/contact/0192d4e8-7a51-7c3e-9b1f-3c2a5d6e7f80/notes`;
    expect((await t.asAdmin({ method: 'POST', url: missing, payload: { body: 'x' } })).statusCode).toBe(404);
    expect((await t.asAdmin({ method: 'GET', url: '/api/submissions/contact/nope/notes' })).statusCode).toBe(404);

    expect((await t.asAdmin({ method: 'DELETE', url: `/api/submissions/contact/${contact._id}` })).statusCode).toBe(
      200,
    );
    const left = await t.deps.db
      .selectFrom('submission_notes')
      .select('id')
      .where('submissionId', '=', contact._id)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps a line break inside its cell: no row is added and no line of a cell can run as a formula', async () => {
    const attacks = ['hi\n=cmd|" /C calc"!A0', 'a\r=1+1', 'b\r\n@SUM(1)', '\n-2+3', 'plain\n\ttab'];
    for (const message of attacks) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submissions/contact/register',
        payload: contactPayload({ message }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const expected = (await t.adminCaller.submission.page({ type: 'contact', limit: 500 })).items.length;
    const res = await t.asAdmin({ method: 'GET', url: '/api/submissions/contact.csv' });
    const rows: Record<string, string>[] = parse(res.body.replace(/^\uFEFF/, ''), { columns: true });
    expect(rows).toHaveLength(expected);
    for (const row of rows) {
      for (const cell of Object.values(row)) {
        for (const line of cell.split(/\r\n|\r|\n/)) expect(line, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
    expect(rows.map((r) => r.Message)).toContain(`hi\n'=cmd|" /C calc"!A0`);
  });

  it('exports CSV that opens right: a BOM, Hausa letters intact, formulas neutralised, filters applied, audited', async () => {
    await t.adminCaller.submission.addNote({ type: 'volunteer', id: ids.hausa!, body: 'Called; starts Monday.' });
    await t.adminCaller.submission.addNote({ type: 'volunteer', id: ids.hausa!, body: '=sent the forms' });
    const res = await t.asAdmin({ method: 'GET', url: '/api/submissions/volunteer.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="volunteer-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: Record<string, string>[] = parse(bytes.toString('utf8').slice(1), { columns: true });
    expect(rows).toHaveLength(3);
    const byId = new Map(rows.map((row) => [row.ID, row]));
    expect(byId.get(ids.hausa)).toMatchObject({
      'First name': 'Ɗanladi',
      'Last name': 'Ƙwaƙwalwa',
      Motivation: 'Ina son taimakawa ƴan uwana',
      Status: 'approved',
    });
    expect(byId.get(ids.formula)!['First name']).toBe(`'=HYPERLINK("http://x")`);
    // Phone numbers start with + and are kept as text too.
    expect(byId.get(ids.hausa)!.Phone).toMatch(/^'\+234/);
    expect(byId.get(ids.hausa)!.Interests).toContain('; ');
    // Dates in Lagos time with the offset, one hour ahead of the API's UTC.
    const listed = (await t.adminCaller.submission.page({ type: 'volunteer', q: 'ɗanladi' })).items[0] as {
      registrationDate: string;
    };
    const lagos = byId.get(ids.hausa)!['Registration date']!;
    expect(lagos).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
    expect(Date.parse(lagos)).toBe(Math.floor(Date.parse(listed.registrationDate) / 1000) * 1000);
    // The staff notes, oldest first, one line each with time and author; a formula is neutralised.
    const notes = byId.get(ids.hausa)!.Notes!.split('\n');
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00 admin@example\.org: Called; starts Monday\.$/,
    );
    expect(notes[1]).toMatch(/ admin@example\.org: =sent the forms$/);
    expect(byId.get(ids.formula)!.Notes).toBe('');
    expect(Object.keys(rows[0]!).at(-1)).toBe('Notes');

    const filtered = await t.asAdmin({ method: 'GET', url: '/api/submissions/volunteer.csv?status=approved&q=ɗan' });
    expect(parse(filtered.body.slice(1), { columns: true })).toHaveLength(1);

    const audit = await t.deps.db
      .selectFrom('audit_events')
      .select(['summary', 'target'])
      .where('action', '=', 'submission.exported')
      .orderBy('at', 'desc')
      .execute();
    expect(audit[0]).toMatchObject({ target: 'volunteer', summary: '1 row (search "ɗan", status approved)' });
    expect(audit[1]).toMatchObject({ summary: '3 rows' });

    const twin = await t.adminCaller.submission.exportCsv({ type: 'volunteer' });
    expect(twin.filename).toMatch(/^volunteer-.*\.csv$/);
    expect(parse(twin.csv.slice(1), { columns: true })).toHaveLength(3);

    for (const url of ['/api/submissions/donors.csv', '/api/submissions/volunteer.csv?status=maybe']) {
      expect((await t.asAdmin({ method: 'GET', url })).statusCode, url).toBe(400);
    }
    const empty = await t.asAdmin({ method: 'GET', url: '/api/submissions/partner.csv' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('\ufeffID\r\n');
  });
});
