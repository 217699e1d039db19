/** The campaign's updates: rows of {date, content, its Hausa} that can be added and removed. */
import { useFieldArray } from 'react-hook-form';
import { t } from '../../../../shared/messages';
import type { CampaignData, CampaignInput } from '../../../../shared/schemas/campaign';
import type { SchemaForm } from '../../../components/form/schema-form';
import { TextField } from '../../../components/form/text-field';
import { Plus } from '../../../components/icons/plus';
import { Trash2 } from '../../../components/icons/trash-2';

export function UpdatesEditor({ form }: { form: SchemaForm<CampaignInput, CampaignData> }) {
  // Rows keep a stable key of their own: they can be removed from the middle.
  const { fields, append, remove } = useFieldArray({ control: form.methods.control, name: 'updates' });

  return (
    <div className="admin-updates">
      {fields.length === 0 && <p className="admin-muted">{t('admin.form.noUpdates')}</p>}
      <ol className="admin-updates__list">
        {fields.map((row, i) => (
          <li key={row.id} className="admin-updates__row">
            <TextField form={form} name={`updates.${i}.date`} label={t('admin.form.updateDate')} type="date" />
            <TextField
              form={form}
              name={`updates.${i}.content`}
              label={t('admin.form.updateContent')}
              rows={2}
              lang="en"
            />
            <TextField
              form={form}
              name={`updates.${i}.contentHa`}
              label={t('language.hausaOf', { field: t('admin.form.updateContent') })}
              rows={2}
              lang="ha"
            />
            <button
              type="button"
              className="btn btn--staff btn--ghost admin-updates__remove"
              aria-label={t('admin.form.removeUpdate', { n: i + 1 })}
              onClick={() => remove(i)}
            >
              <Trash2 aria-hidden="true" size={16} />
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn--staff btn--secondary admin-updates__add"
        onClick={() => append({ date: new Date().toISOString().slice(0, 10), content: '', contentHa: '' })}
      >
        <Plus aria-hidden="true" size={16} />
        {t('admin.form.addUpdate')}
      </button>
    </div>
  );
}
