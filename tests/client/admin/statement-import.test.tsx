import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatementImport } from '../../../client/pages/admin/giving/statement-import';
import { mockFetch, renderPage } from '../public/render';

const needsMapping =
  'We could not recognise the columns of this statement: please choose which column holds each field';
const summary = { credits: 2, duplicates: 0, matches: { sure: 1, likely: 0 }, unmatched: 1, debits: 3, problems: [] };

describe('the statement import', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the columns it did not recognise, checks the choice, and sends the file again with it', async () => {
    const fetch = mockFetch(
      { status: 400, body: { message: needsMapping, header: ['Txn Date', 'Details', 'Money In', ''] } },
      { body: summary },
    );
    const onImported = vi.fn();
    renderPage('/admin/donations', <StatementImport onImported={onImported} />);
    const file = new File(['Txn Date,Details,Money In\n'], 'november.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Choose a statement file'), { target: { files: [file] } });
    const form = (await screen.findByText(needsMapping)).closest('form')!;

    // The needed columns are checked before the file is sent again.
    fireEvent.click(within(form).getByRole('button', { name: 'Import with these columns' }));
    await waitFor(() => expect(within(form).getAllByText('This field is required')).toHaveLength(3));
    expect(fetch).toHaveBeenCalledTimes(1);

    const choose = (label: RegExp, value: string) =>
      fireEvent.change(within(form).getByRole('combobox', { name: label }), { target: { value } });
    choose(/^Date/, 'Txn Date');
    choose(/^Narration/, 'Details');
    choose(/^Credit \(money in\)/, 'Money In');
    // An optional column is offered as such, and left out.
    expect(within(form).getByRole('combobox', { name: /^Debit \(money out\) \(optional\)$/ })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Import with these columns' }));

    await waitFor(() => expect(onImported).toHaveBeenCalled());
    const body = fetch.mock.calls[1]?.[1]?.body as FormData;
    expect(JSON.parse(String(body.get('mapping')))).toEqual({
      date: 'Txn Date',
      narration: 'Details',
      credit: 'Money In',
    });
    expect(screen.getByText('Sure matches: 1')).toBeTruthy();
  });
});
