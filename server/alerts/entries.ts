/**
 * What an alert says of an entry: its kind, who sent it, when (Lagos time) and where the dashboard
 * shows it. Only these: never a phone number, an email address, a note or a message body.
 */
import { LAGOS_TIME_ZONE } from '../../shared/lagos-time';
import { type MessageKey, t } from '../../shared/messages';
import type { Row } from '../db/schema';
import type { KINDS, KindName } from '../submissions/kinds';

/** The dashboard's pages for each kind (client/pages/admin/admin-app.tsx). */
export const DASHBOARD = {
  submissions: '/admin/submissions',
  giving: '/admin/donations',
  account: '/admin/account',
} as const;

export type SubmissionKind = Exclude<KindName, 'newsletter'>;

/** The rows one batch of submissions stored, with their kind (as server/submissions/after-store.ts hands them). */
export type StoredSubmissions = {
  [K in SubmissionKind]: { kind: K; rows: Row<(typeof KINDS)[K]['table']>[] };
}[SubmissionKind];
export const SUBMISSION_KINDS: readonly SubmissionKind[] = ['volunteer', 'partner', 'advocate', 'contact'];

export interface AlertEntry {
  id: string;
  kind: SubmissionKind | 'pledge';
  name: string;
  at: Date;
  /** A pledge's amount, campaign and reference: what finance looks it up by. */
  pledge?: { amount: number; campaign: string; reference: string };
}

// There is no per-staff language: alerts are in English, times in Lagos.
const lagosTime = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: LAGOS_TIME_ZONE,
});
export const formatLagos = (at: Date): string => lagosTime.format(at);

export const en = (key: MessageKey, vars?: Record<string, string | number>) => t(key, vars, 'en');

export const kindName = (kind: AlertEntry['kind']): string => en(`alerts.kind.${kind}`);

const named = (...parts: string[]) => parts.join(' ').trim() || en('alerts.noName');

/** The entries of a stored batch. */
export function submissionEntries(stored: StoredSubmissions): AlertEntry[] {
  switch (stored.kind) {
    case 'volunteer':
    case 'advocate':
      return stored.rows.map((r) => ({
        id: r.id,
        kind: stored.kind,
        name: named(r.firstName, r.lastName),
        at: r.registrationDate,
      }));
    case 'partner':
      return stored.rows.map((r) => ({
        id: r.id,
        kind: 'partner',
        name: named(r.organizationName),
        at: r.registrationDate,
      }));
    case 'contact':
      return stored.rows.map((r) => ({ id: r.id, kind: 'contact', name: named(r.name), at: r.createdAt }));
  }
}

export const pledgeEntry = (
  p: Pick<Row<'pledges'>, 'id' | 'name' | 'createdAt' | 'amount' | 'campaignTitle' | 'reference'>,
): AlertEntry => ({
  id: p.id,
  kind: 'pledge',
  name: named(p.name),
  at: p.createdAt,
  pledge: { amount: p.amount, campaign: p.campaignTitle, reference: p.reference },
});
