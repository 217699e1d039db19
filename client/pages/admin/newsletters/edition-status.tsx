/** An edition's status as a badge, and the figures every edition screen shows. */
import { formatNumber } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import type { EditionCounts, EditionStatus } from '../../../../shared/schemas/editions';

export const STATUS_LABELS = {
  draft: 'editions.status.draft',
  scheduled: 'editions.status.scheduled',
  sending: 'editions.status.sending',
  paused: 'editions.status.paused',
  sent: 'editions.status.sent',
} as const;

const BADGE: Record<EditionStatus, string> = {
  draft: '',
  scheduled: 'edition-badge--waiting',
  sending: 'edition-badge--moving',
  paused: 'edition-badge--waiting',
  sent: 'badge--success',
};

export function StatusBadge({ status }: { status: EditionStatus }) {
  return <span className={`badge edition-badge ${BADGE[status]}`}>{t(STATUS_LABELS[status])}</span>;
}

/** Statuses whose figures still move: the screens ask again every few seconds. */
export const isLive = (status: EditionStatus) => status === 'scheduled' || status === 'sending' || status === 'paused';

export const countsSummary = (counts: EditionCounts) =>
  t('editions.countsSummary', {
    sent: formatNumber(counts.sent),
    recipients: formatNumber(counts.recipients),
    failed: formatNumber(counts.failed),
  });
