/** Whether a text is reviewed in the language asked, by whom and when; the list and the editor show it. */
import { formatDate } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import type { TextItem } from '../../../../shared/schemas/texts';
import { CheckCircle2 } from '../../../components/icons/circle-check';

export function ReviewMark({ item }: { item: TextItem }) {
  if (!item.reviewedBy) return <span className="texts-mark texts-mark--unreviewed">{t('texts.notReviewed')}</span>;
  return (
    <span className="texts-mark texts-mark--reviewed">
      <CheckCircle2 aria-hidden="true" size={16} />
      {t('texts.reviewedBy', { name: item.reviewedBy, date: formatDate(item.reviewedAt) })}
    </span>
  );
}
