import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmissionList } from '../../../client/pages/admin/submissions/submission-list';
import type { ContactMessage, Volunteer } from '../../../shared/schemas/submissions';

const volunteer = (id: string, registrationDate: string): Volunteer => ({
  _id: id,
  firstName: 'Amina',
  lastName: `Bello ${id}`,
  email: `amina${id}@example.org`,
  phone: '+234 803 000 0000',
  occupation: 'Teacher',
  interests: ['Educational Programs', 'Fundraising'],
  availability: 'Weekends',
  experience: '',
  motivation: 'I want to help.',
  status: 'pending',
  registrationDate,
});

const contact: ContactMessage = {
  _id: 'c1',
  name: 'Musa Ibrahim',
  email: 'musa@example.org',
  phone: '08030000000',
  subject: 'Visit',
  message: 'Can we visit a project?',
  createdAt: '2026-03-05T10:00:00.000Z',
};

describe('SubmissionList', () => {
  it('shows the spec texts for missing and unparseable dates and formats valid ones', () => {
    render(
      <SubmissionList
        type="volunteer"
        entries={[volunteer('1', ''), volunteer('2', 'not a date'), volunteer('3', '2026-03-05T10:00:00.000Z')]}
        onStatusChange={() => {}}
        onDelete={() => {}}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Date not available')).toBeTruthy();
    expect(within(items[1]!).getByText('Invalid date')).toBeTruthy();
    expect(within(items[2]!).getByText('5 March 2026')).toBeTruthy();
  });

  it('shows the name, contact details and key choices, and the whole entry on demand', async () => {
    render(
      <SubmissionList
        type="volunteer"
        entries={[volunteer('1', '2026-03-05')]}
        onStatusChange={() => {}}
        onDelete={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Amina Bello 1' })).toBeTruthy();
    expect(screen.getAllByText('amina1@example.org').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Educational Programs, Fundraising').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByText('Show full entry'));
    expect(screen.getByText('I want to help.')).toBeTruthy();
  });

  it("shows each entry's state in words beside the spec's menu", () => {
    render(
      <SubmissionList
        type="volunteer"
        entries={[{ ...volunteer('1', ''), status: 'approved' }, volunteer('2', '')]}
        onStatusChange={() => {}}
      />,
    );
    const [approved, pending] = screen.getAllByRole('listitem');
    expect(within(approved!).getByText('Approved')).toBeTruthy();
    expect(within(approved!).getByRole('combobox').querySelector('option:checked')?.textContent).toBe('Approve');
    // Pending: the menu's word already is the state.
    expect(pending!.querySelector('.badge')).toBeNull();
  });

  it('adds no state where the menu already says it (a newsletter subscription)', () => {
    render(
      <SubmissionList
        type="newsletter"
        entries={[{ _id: 'n1', email: 'reader@example.org', status: 'active', subscriptionDate: '', confirmed: true }]}
        onStatusChange={() => {}}
      />,
    );
    expect(document.querySelector('.badge')).toBeNull();
  });

  it('lets an email wrap only at its @ and dots, and makes phones links to call and to WhatsApp', () => {
    render(<SubmissionList type="contact" entries={[contact]} onStatusChange={() => {}} />);
    const email = screen.getAllByRole('link').find((a) => a.getAttribute('href') === 'mailto:musa@example.org');
    expect(email?.textContent).toBe('musa@example.org');
    expect(email?.innerHTML).toBe('<span class="admin-email">musa<wbr>@example<wbr>.org</span>');
    expect(screen.getByRole('link', { name: '08030000000' }).getAttribute('href')).toBe('tel:+2348030000000');
    expect(screen.getByRole('link', { name: 'Message 08030000000 on WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/2348030000000',
    );
  });

  it('says so when a list is empty', () => {
    render(<SubmissionList type="partner" entries={[]} onStatusChange={() => {}} onDelete={() => {}} />);
    expect(screen.getByText('No partner applications yet')).toBeTruthy();
  });

  it('gives contact messages no status dropdown', () => {
    render(<SubmissionList type="contact" entries={[contact]} onStatusChange={() => {}} onDelete={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Musa Ibrahim' })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('reports a status change with the entry id and the chosen value', async () => {
    const onStatusChange = vi.fn();
    render(
      <SubmissionList
        type="volunteer"
        entries={[volunteer('7', '')]}
        onStatusChange={onStatusChange}
        onDelete={() => {}}
      />,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status for Amina Bello 7' }), 'Approve');
    expect(onStatusChange).toHaveBeenCalledWith('7', 'approved');
  });

  it('asks to delete an entry by its id, naming the person', async () => {
    const onDelete = vi.fn();
    render(<SubmissionList type="contact" entries={[contact]} onStatusChange={() => {}} onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete the entry of Musa Ibrahim' }));
    expect(onDelete).toHaveBeenCalledWith({ id: contact._id, name: 'Musa Ibrahim' });
  });
});
