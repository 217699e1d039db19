/**
 * The campaign form (SPEC sections 3 and 5). Validates with the shared campaignInput before
 * handing the data on; a refused save keeps everything typed and marks the fields the server named.
 */
import { Save } from 'lucide-react';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { CAMPAIGN_CATEGORIES, CAMPAIGN_LOCATIONS } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { type CampaignData, campaignInput } from '../../../../shared/schemas/campaign';
import { errorsByField, validationMessage } from '../../../../shared/schemas/fields';
import { SelectField, TextArea, TextField } from '../components/text-field';
import { type CampaignFormState, inputFromForm } from './form-state';
import { type GalleryUpdate, GalleryUpload } from './gallery-upload';
import { MainImageUpload } from './main-image-upload';
import { UpdatesEditor } from './updates-editor';

type Overview = CampaignFormState['overview'];

export interface CampaignFormProps {
  initial: CampaignFormState;
  saving: boolean;
  /** Field errors the server answered a refused save with. */
  serverErrors?: Record<string, string>;
  onSubmit: (data: CampaignData) => void;
  onCancel: () => void;
}

export function CampaignForm({ initial, saving, serverErrors = {}, onSubmit, onCancel }: CampaignFormProps) {
  const [form, setForm] = useState(initial);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [lastSummary, setSummary] = useState('');
  const [busyUploads, setBusyUploads] = useState({ main: false, gallery: false });
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const summaryId = useId();
  const errors = { ...serverErrors, ...clientErrors };
  // Once every marked field has been edited the validation summary no longer describes the form.
  const summary =
    lastSummary === t('admin.form.uploadsPending') || Object.keys(clientErrors).length > 0 ? lastSummary : '';

  // Editing a field clears its error: the message describes what was there at the last save.
  const clearError = (path: string) =>
    setClientErrors((e) => {
      if (!(path in e)) return e;
      const { [path]: _, ...rest } = e;
      return rest;
    });
  const set =
    <K extends keyof CampaignFormState>(key: K) =>
    (value: CampaignFormState[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      clearError(key);
    };
  const setOverview = (key: keyof Overview) => (value: string) => {
    setForm((f) => ({ ...f, overview: { ...f.overview, [key]: value } }));
    clearError(`overview.${key}`);
  };
  const setGallery: GalleryUpdate = useCallback(
    (update) => setForm((f) => ({ ...f, galleryImages: update(f.galleryImages) })),
    [],
  );
  const mainBusy = useCallback((main: boolean) => setBusyUploads((b) => ({ ...b, main })), []);
  const galleryBusy = useCallback((gallery: boolean) => setBusyUploads((b) => ({ ...b, gallery })), []);
  const uploading = busyUploads.main || busyUploads.gallery;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (uploading) {
      setSummary(t('admin.form.uploadsPending'));
      return;
    }
    const parsed = campaignInput.safeParse(inputFromForm(form));
    if (!parsed.success) {
      setClientErrors(errorsByField(parsed.error.issues));
      setSummary(validationMessage(parsed.error.issues));
      // The summary is an alert; focusing it also brings it into view on a long form.
      setTimeout(() => summaryRef.current?.focus(), 0);
      return;
    }
    setClientErrors({});
    setSummary('');
    onSubmit(parsed.data);
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-describedby={summary ? summaryId : undefined}>
      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.basics')}</legend>
        <TextField
          label={t('admin.form.title')}
          name="title"
          value={form.title}
          onChange={set('title')}
          error={errors.title}
          required
        />
        <TextArea
          label={t('admin.form.shortDescription')}
          name="shortDescription"
          rows={2}
          value={form.shortDescription}
          onChange={set('shortDescription')}
          error={errors.shortDescription}
        />
        <TextArea
          label={t('admin.form.description')}
          name="description"
          rows={5}
          value={form.description}
          onChange={set('description')}
          error={errors.description}
          required
        />
        <div className="admin-form__grid">
          <SelectField
            label={t('admin.form.location')}
            name="location"
            value={form.location}
            onChange={set('location')}
            options={CAMPAIGN_LOCATIONS}
            placeholder={t('admin.form.choose')}
            error={errors.location}
            required
          />
          <SelectField
            label={t('admin.form.category')}
            name="category"
            value={form.category}
            onChange={set('category')}
            options={CAMPAIGN_CATEGORIES}
            placeholder={t('admin.form.noCategory')}
            error={errors.category}
          />
          <TextField
            label={t('admin.form.endDate')}
            name="endDate"
            type="date"
            value={form.endDate}
            onChange={set('endDate')}
            error={errors.endDate}
          />
        </div>
      </fieldset>

      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.money')}</legend>
        <div className="admin-form__grid">
          <TextField
            label={t('admin.form.target')}
            name="target"
            inputMode="numeric"
            value={form.target}
            onChange={set('target')}
            error={errors.target}
            required
          />
          <TextField
            label={t('admin.form.amountRaised')}
            name="amountRaised"
            inputMode="numeric"
            value={form.amountRaised}
            onChange={set('amountRaised')}
            error={errors.amountRaised}
          />
        </div>
        <TextArea
          label={t('admin.form.impact')}
          name="impact"
          rows={2}
          value={form.impact}
          onChange={set('impact')}
          error={errors.impact}
        />
      </fieldset>

      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.images')}</legend>
        <MainImageUpload value={form.image} onChange={set('image')} error={errors.image} onBusyChange={mainBusy} />
        <GalleryUpload
          images={form.galleryImages}
          onChange={setGallery}
          error={errors.galleryImages}
          onBusyChange={galleryBusy}
        />
      </fieldset>

      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.overview')}</legend>
        {(['mainText', 'challengeText', 'solutionText', 'impactText'] as const).map((key) => (
          <TextArea
            key={key}
            label={t(`admin.form.${key}`)}
            name={`overview.${key}`}
            value={form.overview[key]}
            onChange={setOverview(key)}
            error={errors[`overview.${key}`]}
            hint={key === 'mainText' ? undefined : t('admin.form.numberedHint')}
          />
        ))}
      </fieldset>

      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.bank')}</legend>
        <p className="admin-field__hint">{t('admin.form.bankHint')}</p>
        <div className="admin-form__grid">
          <TextField
            label={t('admin.form.accountName')}
            name="accountName"
            value={form.accountName}
            onChange={set('accountName')}
            error={errors.accountName}
          />
          <TextField
            label={t('admin.form.accountNumber')}
            name="accountNumber"
            inputMode="numeric"
            value={form.accountNumber}
            onChange={set('accountNumber')}
            error={errors.accountNumber}
          />
          <TextField
            label={t('admin.form.bankName')}
            name="bankName"
            value={form.bankName}
            onChange={set('bankName')}
            error={errors.bankName}
          />
        </div>
      </fieldset>

      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.updates')}</legend>
        <UpdatesEditor rows={form.updates} onChange={set('updates')} errors={errors} />
      </fieldset>

      <div className="admin-form__actions">
        {summary && (
          <p id={summaryId} ref={summaryRef} tabIndex={-1} className="admin-alert admin-alert--error" role="alert">
            {summary}
          </p>
        )}
        <button type="button" className="admin-btn admin-btn--ghost" onClick={onCancel}>
          {t('admin.form.cancel')}
        </button>
        <button type="submit" className="admin-btn admin-btn--primary" disabled={saving} aria-busy={saving}>
          <Save aria-hidden="true" size={18} />
          {saving ? t('admin.form.saving') : t('admin.form.save')}
        </button>
      </div>
    </form>
  );
}
