import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../client/app-providers';
import TrpcProvider from '../../../client/lib/trpc-provider';
import { CampaignForm, type CampaignFormProps } from '../../../client/pages/admin/campaigns/campaign-form';
import { t } from '../../../shared/messages';
import type { CampaignData } from '../../../shared/schemas/campaign';
import type { FieldIssue } from '../../../shared/schemas/fields';

const wrap = (ui: ReactNode) =>
  render(
    <AppProviders>
      <TrpcProvider>{ui}</TrpcProvider>
    </AppProviders>,
  );

const renderForm = (initial?: CampaignFormProps['initial']) => {
  const onSubmit = vi.fn(async (_data: CampaignData): Promise<FieldIssue[]> => []);
  wrap(<CampaignForm initial={initial} saving={false} onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
};

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save campaign' }));
const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
/** The accessible name of a text's Hausa field, which starts with its label (then "(optional)"). */
const hausaOf = (field: string) => (name: string) => name.startsWith(t('language.hausaOf', { field }));

describe('CampaignForm', () => {
  it('names every missing required field and marks the inputs', async () => {
    const onSubmit = renderForm();
    await save();
    expect(screen.getByRole('alert').textContent).toBe(
      'Please fill in all required fields: title, description, target, location, image',
    );
    const title = textbox(/^Title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const errorId = title.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('This field is required');
    expect(screen.getByRole('combobox', { name: /^Location/ }).getAttribute('aria-invalid')).toBe('true');
    // The person lands on the first field to fix, at the top of the form, not on the summary below.
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes the person to the first refused field in the page order, whatever the server order', async () => {
    const onSubmit = vi.fn(async () => [
      { path: 'bankName', message: 'Too long' },
      { path: 'shortDescription', message: 'Not allowed' },
    ]);
    wrap(
      <CampaignForm
        initial={{ title: 'Clean water', description: 'Boreholes.', target: 1, location: 'Kano', image: 'a.webp' }}
        saving={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    await save();
    await waitFor(() => expect(document.activeElement).toBe(textbox(/^Short description/)));
    expect(textbox(/^Bank name/).getAttribute('aria-invalid')).toBe('true');
  });

  it('focuses the image upload when the image is what is missing', async () => {
    renderForm({ title: 'Clean water', description: 'Boreholes.', target: 1, location: 'Kano' });
    await save();
    const group = screen.getByRole('group', { name: 'Main image' });
    await waitFor(() => expect(group.contains(document.activeElement)).toBe(true));
  });

  it('says that the amount raised is a hand adjustment kept in the ledger', () => {
    renderForm();
    const amount = textbox(/^Amount raised/);
    const hint = document.getElementById(amount.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/recorded in the ledger as an adjustment/);
  });

  it('marks required fields from the schema, and only those', () => {
    renderForm();
    expect(textbox(/^Title/).getAttribute('aria-required')).toBe('true');
    expect(textbox(/^Target/).getAttribute('aria-required')).toBe('true');
    expect(textbox(/^Short description/).getAttribute('aria-required')).toBeNull();
    expect(screen.getByRole('group', { name: 'Main image' }).querySelector('.field__required')).not.toBeNull();
    expect(screen.getByRole('group', { name: /^Gallery images/ }).querySelector('.field__required')).toBeNull();
  });

  it('lists only the fields still missing', async () => {
    renderForm();
    await userEvent.type(textbox(/^Title/), 'Clean water');
    await userEvent.type(textbox(/^Target/), '500000');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Location/ }), 'Kano');
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields: description, image');
    expect(textbox(/^Title/).getAttribute('aria-invalid')).toBeNull();
  });

  it('hands on the parsed campaign with supporters 0 and status active', async () => {
    const onSubmit = renderForm({ image: '/api/uploads/abc.webp' });
    await userEvent.type(textbox(/^Title/), 'Clean water');
    await userEvent.type(textbox(/^Description/), 'Boreholes for three villages.');
    await userEvent.type(textbox(/^Target/), '2,500,000');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Location/ }), 'Kano');
    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      title: 'Clean water',
      target: 2_500_000,
      location: 'Kano',
      image: '/api/uploads/abc.webp',
      supporters: 0,
      status: 'active',
    });
    // The amount left blank is not given: the server creates the campaign at 0.
    expect(onSubmit.mock.calls[0]?.[0].amountRaised).toBeUndefined();
  });

  it('edits a stored campaign as stored, dropping update rows left blank', async () => {
    const onSubmit = renderForm({
      title: 'Clean water',
      description: 'Boreholes.',
      target: 2_000_000,
      amountRaised: 500_000,
      location: 'Kano',
      image: 'uploads/main.webp',
      accountNumber: '',
      updates: [{ date: '2026-10-01', content: 'Survey finished.' }],
    });
    expect((textbox(/^Target/) as HTMLInputElement).value).toBe('2000000');
    await userEvent.click(screen.getByRole('button', { name: 'Add update' }));
    await userEvent.clear(screen.getAllByLabelText(/^Date/)[1]!);
    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      target: 2_000_000,
      amountRaised: 500_000,
      image: 'uploads/main.webp',
      accountNumber: '',
      updates: [{ date: '2026-10-01', content: 'Survey finished.' }],
    });
  });

  it('counts the Hausa texts written as staff type, and names those still in English only', async () => {
    renderForm({
      title: 'Clean water',
      titleHa: 'Ruwa mai tsafta',
      description: 'Boreholes.',
      overview: { mainText: 'Water is far.' },
      updates: [{ date: '2026-10-01', content: 'Survey finished.' }],
    });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Hausa: 1 of 4 texts · Still in English only: Description, Main text, Updates');
    await userEvent.type(screen.getByRole('textbox', { name: hausaOf('Description') }), 'Rijiyoyi.');
    expect(status.textContent).toBe('Hausa: 2 of 4 texts · Still in English only: Main text, Updates');
    await userEvent.type(screen.getByRole('textbox', { name: hausaOf('Main text') }), 'Ruwa na nesa.');
    await userEvent.type(screen.getByRole('textbox', { name: hausaOf('Update') }), 'An gama bincike.');
    expect(status.textContent).toBe('Hausa: 4 of 4 texts');
    await userEvent.type(textbox(/^Short description/), 'Three boreholes.');
    expect(status.textContent).toBe('Hausa: 4 of 5 texts · Still in English only: Short description');
  });

  it('shows the fields the server refused next to them', async () => {
    const onSubmit = vi.fn(async () => [{ path: 'updates.0.content', message: 'Too long' }]);
    wrap(
      <CampaignForm
        initial={{
          title: 'Clean water',
          description: 'Boreholes.',
          target: 1,
          location: 'Kano',
          image: 'uploads/main.webp',
          updates: [{ date: '2026-10-01', content: 'Survey finished.' }],
        }}
        saving={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    await save();
    const content = screen.getByRole('textbox', { name: /^Update/ });
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Too long')).toBeTruthy();
  });
});
