/** The campaign's updates: rows of {date, content} that can be added and removed. */
import { Plus, Trash2 } from 'lucide-react';
import { t } from '../../../../shared/messages';
import { TextArea, TextField } from '../components/text-field';
import { newUpdateRow, type UpdateRow } from './form-state';

export function UpdatesEditor({
  rows,
  onChange,
  errors,
}: {
  rows: readonly UpdateRow[];
  onChange: (rows: UpdateRow[]) => void;
  errors: Record<string, string>;
}) {
  const edit = (key: string, patch: Partial<UpdateRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  return (
    <div className="admin-updates">
      {rows.length === 0 && <p className="admin-muted">{t('admin.form.noUpdates')}</p>}
      <ol className="admin-updates__list">
        {rows.map((row, i) => (
          <li key={row.key} className="admin-updates__row">
            <TextField
              label={t('admin.form.updateDate')}
              type="date"
              value={row.date}
              onChange={(date) => edit(row.key, { date })}
              error={errors[`updates.${i}.date`]}
            />
            <TextArea
              label={t('admin.form.updateContent')}
              rows={2}
              value={row.content}
              onChange={(content) => edit(row.key, { content })}
              error={errors[`updates.${i}.content`]}
            />
            <button
              type="button"
              className="admin-btn admin-btn--ghost admin-updates__remove"
              aria-label={t('admin.form.removeUpdate', { n: i + 1 })}
              onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
            >
              <Trash2 aria-hidden="true" size={16} />
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="admin-btn admin-btn--secondary admin-updates__add"
        onClick={() => onChange([...rows, newUpdateRow(new Date().toISOString().slice(0, 10))])}
      >
        <Plus aria-hidden="true" size={16} />
        {t('admin.form.addUpdate')}
      </button>
    </div>
  );
}
