import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../client/lib/auth';
import { ToastProvider } from '../../../client/lib/toasts';
import { CampaignForm } from '../../../client/pages/admin/campaigns/campaign-form';
import { emptyForm } from '../../../client/pages/admin/campaigns/form-state';

const wrap = (ui: ReactNode) =>
  render(
    <AuthProvider>
      <ToastProvider>{ui}</ToastProvider>
    </AuthProvider>,
  );

const renderForm = (onSubmit = vi.fn()) => {
  wrap(<CampaignForm initial={emptyForm()} saving={false} onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
};

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save campaign' }));

describe('CampaignForm', () => {
  it('names every missing required field and marks the inputs', async () => {
    const onSubmit = renderForm();
    await save();
    expect(screen.getByRole('alert').textContent).toBe(
      'Please fill in all required fields: title, description, target, location, image',
    );
    const title = screen.getByRole('textbox', { name: /^Title/ });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const errorId = title.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('This field is required');
    expect(screen.getByRole('combobox', { name: /^Location/ }).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('lists only the fields still missing', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Clean water');
    await userEvent.type(screen.getByRole('textbox', { name: /^Target/ }), '500000');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Location/ }), 'Kano');
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields: description, image');
    expect(screen.getByRole('textbox', { name: /^Title/ }).getAttribute('aria-invalid')).toBeNull();
  });

  it('hands on the parsed campaign with supporters 0 and status active', async () => {
    const onSubmit = vi.fn();
    wrap(
      <CampaignForm
        initial={{ ...emptyForm(), image: '/api/uploads/abc.webp' }}
        saving={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Clean water');
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'Boreholes for three villages.');
    await userEvent.type(screen.getByRole('textbox', { name: /^Target/ }), '2,500,000');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Location/ }), 'Kano');
    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      title: 'Clean water',
      target: 2_500_000,
      amountRaised: 0,
      location: 'Kano',
      image: '/api/uploads/abc.webp',
      supporters: 0,
      status: 'active',
    });
  });
});
