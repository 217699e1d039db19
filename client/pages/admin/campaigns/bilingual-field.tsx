/**
 * A campaign text in English and in Hausa side by side (stacked on a phone): the English is the
 * API's and required where the spec says so; the Hausa is optional, and the public page shows
 * the English with a "not yet in Hausa" note until it is written.
 */
import { t } from '../../../../shared/messages';
import type { CampaignData, CampaignInput } from '../../../../shared/schemas/campaign';
import type { SchemaForm, TextPath } from '../../../components/form/schema-form';
import { TextField } from '../../../components/form/text-field';

interface Props {
  form: SchemaForm<CampaignInput, CampaignData>;
  english: TextPath<CampaignInput>;
  hausa: TextPath<CampaignInput>;
  label: string;
  hint?: string;
  rows?: number;
}

export function BilingualField({ form, english, hausa, label, hint, rows }: Props) {
  return (
    <div className="admin-bilingual">
      <TextField form={form} name={english} label={label} hint={hint} rows={rows} lang="en" />
      <TextField
        form={form}
        name={hausa}
        label={t('language.hausaOf', { field: label })}
        hint={hint}
        rows={rows}
        lang="ha"
      />
    </div>
  );
}
