/** One tab's list: a card per entry with the fields that matter, the rest of the entry behind a disclosure. */

import type { SubmissionType } from '../../../../shared/constants';
import { formatDate } from '../../../../shared/format';
import { type MessageKey, t } from '../../../../shared/messages';
import { Trash2 } from '../../../components/icons/trash-2';
import { ContactValue, EmailText } from './contact-value';
import { EntryNotes } from './entry-notes';
import { type Entry, type EntryView, entryView } from './entry-view';
import { statusOptions } from './status-options';
import { StatusSelect } from './status-select';

/** Labelled values of an entry; an empty value reads as such, an email or phone is a link. */
function FieldList({ fields, className }: { fields: EntryView['summary']; className?: string }) {
  return (
    <dl className={className}>
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{value ? <ContactValue field={label} value={value} /> : t('admin.field.empty')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The colour of a state's badge; pending has none. */
const STATE_TONES: Record<string, 'success' | 'danger'> = {
  approved: 'success',
  active: 'success',
  rejected: 'danger',
  unsubscribed: 'danger',
};

/**
 * The entry's state in words ("Approved"), beside the menu: the spec's menu offers verbs
 * (Approve, Reject), so its shown choice does not say where the entry stands. Where the menu's
 * word already is the state (Active), nothing is added.
 */
function StateBadge({ status }: { status: NonNullable<EntryView['status']> }) {
  const state = t(`admin.submissions.statusName.${status.value}` as MessageKey);
  if (statusOptions(status.type).find((option) => option.value === status.value)?.label === state) return null;
  const tone = STATE_TONES[status.value];
  return <span className={`badge${tone ? ` badge--${tone}` : ''}`}>{state}</span>;
}

export function SubmissionList<T extends SubmissionType>({
  type,
  entries,
  updatingId,
  onStatusChange,
  onDelete,
}: {
  type: T;
  entries: readonly Entry<T>[];
  /** The entry whose status is being saved; its dropdown waits. */
  updatingId?: string | undefined;
  onStatusChange: (id: string, status: string) => void;
  /** Asks to erase an entry (the page confirms first); without it, no delete button (the role may not). */
  onDelete?: ((entry: { id: string; name: string }) => void) | undefined;
}) {
  if (entries.length === 0) return <p className="admin-empty">{t(`submissions.empty.${type}`)}</p>;
  return (
    <ul className="admin-submissions">
      {entries.map((entry) => {
        const view = entryView(type, entry);
        return (
          <li key={view.id} className="admin-card admin-submission">
            <div className="admin-submission__head">
              <div>
                <h2 className="admin-submission__name">
                  {type === 'newsletter' ? <EmailText email={view.heading} /> : view.heading}
                </h2>
                <p className="admin-submission__date">
                  {formatDate(view.date)}
                  {view.badge && (
                    <>
                      {' '}
                      <span className="badge badge--outline">{t(view.badge)}</span>
                    </>
                  )}
                </p>
              </div>
              {view.status && (
                <div className="admin-submission__state">
                  <StateBadge status={view.status} />
                  <StatusSelect
                    type={view.status.type}
                    value={view.status.value}
                    name={view.heading}
                    disabled={updatingId === view.id}
                    onChange={(status) => onStatusChange(view.id, status)}
                  />
                </div>
              )}
            </div>
            {view.summary.length > 0 && <FieldList className="admin-submission__summary" fields={view.summary} />}
            <div className="admin-submission__foot">
              {view.details.length > 0 && (
                <details className="admin-submission__more">
                  <summary>{t('admin.submissions.showAll')}</summary>
                  <FieldList fields={view.details} />
                </details>
              )}
              <EntryNotes type={type} id={view.id} />
              {onDelete && (
                <button
                  type="button"
                  className="btn btn--staff btn--ghost btn--small admin-submission__delete"
                  aria-label={t('admin.submissions.deleteLabel', { name: view.heading })}
                  onClick={() => onDelete({ id: view.id, name: view.heading })}
                >
                  <Trash2 aria-hidden="true" size={16} />
                  {t('admin.submissions.delete')}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
