/**
 * How much of a campaign is written in Hausa, as the public cards and pages judge it
 * (shared/campaign-language.ts): a marker in the campaign list, and a count in the editor that
 * follows what is typed.
 */
import { useWatch } from 'react-hook-form';
import { type CampaignWriting, hausaProgress, type TranslatedField } from '../../../../shared/campaign-language';
import { t } from '../../../../shared/messages';
import type { CampaignData, CampaignInput } from '../../../../shared/schemas/campaign';
import type { SchemaForm } from '../../../components/form/schema-form';

const fieldLabel = (field: TranslatedField): string =>
  ({
    title: t('admin.form.title'),
    shortDescription: t('admin.form.shortDescription'),
    description: t('admin.form.description'),
    mainText: t('admin.form.mainText'),
    challengeText: t('admin.form.challengeText'),
    solutionText: t('admin.form.solutionText'),
    impactText: t('admin.form.impactText'),
    updates: t('admin.form.section.updates'),
  })[field];

/** The list's marker of a campaign still partly in English only; nothing when all is in Hausa. */
export function HausaMissingBadge({ campaign }: { campaign: CampaignWriting }) {
  const { done, total, missing } = hausaProgress(campaign);
  if (missing.length === 0) return null;
  return (
    <span className="badge admin-hausa-badge" data-testid="hausa-missing">
      {t('admin.campaigns.hausaProgress', { done, total })}
    </span>
  );
}

/** The editor's count of the Hausa texts written, beside the texts still in English only. */
export function HausaProgressStatus({ form }: { form: SchemaForm<CampaignInput, CampaignData> }) {
  const values: CampaignWriting = useWatch({ control: form.methods.control });
  const { done, total, missing } = hausaProgress(values);
  return (
    <p className="admin-hausa-progress" role="status">
      {total > 0 && (
        <>
          <strong>{t('admin.campaigns.hausaProgress', { done, total })}</strong>
          {missing.length > 0 && (
            <span> · {t('admin.campaigns.hausaMissing', { fields: missing.map(fieldLabel).join(', ') })}</span>
          )}
        </>
      )}
    </p>
  );
}
