/** Above a tab's list: search by name or email, narrow by status, export what is shown as CSV. */
import { useEffect, useState } from 'react';
import { NEWSLETTER_STATUSES, REVIEW_STATUSES, type SubmissionType } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { Download } from '../../../components/icons/download';
import { Search } from '../../../components/icons/search';

export interface Filters {
  q: string;
  status: string;
}

const SEARCH_DELAY_MS = 300;

export function SubmissionFilters({
  type,
  filters,
  onChange,
  onExport,
  exporting,
}: {
  type: SubmissionType;
  filters: Filters;
  onChange: (filters: Filters) => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const [text, setText] = useState(filters.q);
  // The list follows the search a moment after typing stops, not on every key.
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: text }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);
  useEffect(() => setText(filters.q), [filters.q]);

  const statuses = type === 'contact' ? [] : type === 'newsletter' ? NEWSLETTER_STATUSES : REVIEW_STATUSES;
  return (
    <search className="admin-filters admin-filters--inline">
      <label className="field admin-filters__search">
        <span className="field__label">{t('admin.submissions.search')}</span>
        <span className="admin-search">
          <Search aria-hidden="true" size={16} />
          <input
            type="search"
            className="field__control"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
          />
        </span>
      </label>
      {statuses.length > 0 && (
        <label className="field">
          <span className="field__label">{t('admin.submissions.statusFilter')}</span>
          <select
            className="field__control field__control--select"
            value={filters.status}
            onChange={(event) => onChange({ ...filters, status: event.target.value })}
          >
            <option value="">{t('admin.submissions.anyStatus')}</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {t(`admin.submissions.statusName.${status}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" className="btn btn--staff btn--secondary" onClick={onExport} disabled={exporting}>
        <Download aria-hidden="true" size={18} />
        {exporting ? t('admin.submissions.exporting') : t('admin.submissions.export')}
      </button>
    </search>
  );
}
