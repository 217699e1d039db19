/**
 * The campaign form on the shared form model: campaignInput validates it
 * before anything is sent; a refused save keeps everything typed, marks the fields the server
 * named and takes the person to the first field in error. "Preview" shows the public page from
 * what is typed, before anything is saved.
 */
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { CAMPAIGN_CATEGORIES, CAMPAIGN_LOCATIONS } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { type CampaignData, type CampaignInput, campaignInput } from '../../../../shared/schemas/campaign';
import type { FieldIssue } from '../../../../shared/schemas/fields';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { useSchemaForm } from '../../../components/form/schema-form';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { Save } from '../../../components/icons/save';
import { BilingualField } from './bilingual-field';
import { CampaignPreview } from './campaign-preview';
import { GalleryUpload } from './gallery-upload';
import { HausaProgressStatus } from './hausa-progress';
import { MainImageUpload } from './main-image-upload';
import { UpdatesEditor } from './updates-editor';

const OVERVIEW_FIELDS = ['mainText', 'challengeText', 'solutionText', 'impactText'] as const;

export interface CampaignFormProps {
  /** The campaign as stored, or nothing for a new one. */
  initial?: Partial<CampaignInput>;
  saving: boolean;
  /** Saves; answers the fields the server refused, if it refused any. */
  onSubmit: (data: CampaignData) => Promise<readonly FieldIssue[]>;
  onCancel: () => void;
  /** The campaign being edited, whose supporters the preview shows; none for a new one. */
  campaignId?: string | undefined;
}

const isBlankUpdate = (update: { date?: string; content?: string }) => !update.date?.trim() && !update.content?.trim();

export function CampaignForm({ initial, saving, onSubmit, onCancel, campaignId }: CampaignFormProps) {
  const form = useSchemaForm(campaignInput, {
    // The first field in error is found in the page's order once it is marked (focusFirstError).
    shouldFocusError: false,
    ...(initial && { defaultValues: initial }),
  });
  const { control, getValues, setValue, formState } = form.methods;
  const image = useController({ control, name: 'image' });
  const [uploadsPending, setUploadsPending] = useState(false);
  const [busyUploads, setBusyUploads] = useState({ main: false, gallery: false });
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // What the preview shows: the values when it was opened.
  const [preview, setPreview] = useState<Partial<CampaignInput> | null>(null);
  const summaryId = useId();
  const summary = uploadsPending ? t('admin.form.uploadsPending') : form.summary;
  const uploading = busyUploads.main || busyUploads.gallery;

  // The gallery is a list of paths, and useFieldArray takes lists of objects only: it is set whole.
  // Several gallery uploads may finish in any order: each applies its change to the current list.
  const updateGallery = useCallback(
    (update: (images: string[]) => string[]) =>
      setValue('galleryImages', update(getValues('galleryImages') ?? []), {
        shouldValidate: formState.isSubmitted,
        shouldDirty: true,
      }),
    [getValues, setValue, formState.isSubmitted],
  );
  const mainBusy = useCallback((main: boolean) => setBusyUploads((b) => ({ ...b, main })), []);
  const galleryBusy = useCallback((gallery: boolean) => setBusyUploads((b) => ({ ...b, gallery })), []);

  // Once the refusal has rendered: the first field in error (in the page's order, which neither the
  // schema's nor the server's order is), or the summary when no field is marked (uploads pending).
  const [focusRequest, setFocusRequest] = useState({ count: 0, field: false });
  const focusSummary = () => setFocusRequest((r) => ({ count: r.count + 1, field: false }));
  const focusField = () => setFocusRequest((r) => ({ count: r.count + 1, field: true }));
  useEffect(() => {
    if (focusRequest.count === 0) return;
    // The marks may render a frame after the request (the form model publishes its errors on its
    // own schedule): looked for over a few frames, then the summary.
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      if (focusRequest.field ? focusFirstError(formRef.current) : summaryRef.current) {
        if (!focusRequest.field) summaryRef.current?.focus();
        return;
      }
      if (tries++ < 10) frame = requestAnimationFrame(attempt);
      else summaryRef.current?.focus();
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setUploadsPending(uploading);
    if (uploading) return focusSummary();
    // Update rows left entirely blank are dropped rather than reported as missing.
    const updates = getValues('updates') ?? [];
    if (updates.some(isBlankUpdate))
      setValue(
        'updates',
        updates.filter((u) => !isBlankUpdate(u)),
      );
    void form.methods.handleSubmit(async (data) => {
      const refused = await onSubmit(data);
      form.showServerErrors(refused);
      if (refused.length > 0) focusField();
    }, focusField)(event);
  };

  return (
    <form
      ref={formRef}
      className="admin-form"
      onSubmit={submit}
      noValidate
      aria-describedby={summary ? summaryId : undefined}
    >
      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.basics')}</legend>
        <p className="field__hint">{t('language.hausaHint')}</p>
        <HausaProgressStatus form={form} />
        <BilingualField form={form} english="title" hausa="titleHa" label={t('admin.form.title')} />
        <BilingualField
          form={form}
          english="shortDescription"
          hausa="shortDescriptionHa"
          label={t('admin.form.shortDescription')}
          rows={2}
        />
        <BilingualField
          form={form}
          english="description"
          hausa="descriptionHa"
          label={t('admin.form.description')}
          rows={5}
        />
        <div className="admin-form__grid">
          <SelectField
            form={form}
            name="location"
            label={t('admin.form.location')}
            options={CAMPAIGN_LOCATIONS}
            placeholder={t('admin.form.choose')}
          />
          <SelectField
            form={form}
            name="category"
            label={t('admin.form.category')}
            options={CAMPAIGN_CATEGORIES}
            placeholder={t('admin.form.noCategory')}
          />
          <TextField form={form} name="endDate" label={t('admin.form.endDate')} type="date" />
        </div>
      </fieldset>

      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.money')}</legend>
        <div className="admin-form__grid">
          <TextField form={form} name="target" label={t('admin.form.target')} inputMode="numeric" />
          <TextField
            form={form}
            name="amountRaised"
            label={t('admin.form.amountRaised')}
            hint={t('admin.form.amountRaisedHint')}
            inputMode="numeric"
          />
        </div>
        <TextField form={form} name="impact" label={t('admin.form.impact')} rows={2} />
      </fieldset>

      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.images')}</legend>
        <MainImageUpload
          value={image.field.value ?? ''}
          onChange={image.field.onChange}
          error={image.fieldState.error?.message}
          required={form.isRequired('image')}
          onBusyChange={mainBusy}
        />
        <GalleryUpload
          images={form.methods.watch('galleryImages') ?? []}
          onChange={updateGallery}
          error={form.error('galleryImages')}
          onBusyChange={galleryBusy}
        />
      </fieldset>

      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.overview')}</legend>
        {OVERVIEW_FIELDS.map((key) => (
          <BilingualField
            key={key}
            form={form}
            english={`overview.${key}`}
            hausa={`overview.${key}Ha`}
            label={t(`admin.form.${key}`)}
            rows={4}
            hint={key === 'mainText' ? undefined : t('admin.form.numberedHint')}
          />
        ))}
      </fieldset>

      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.bank')}</legend>
        <p className="field__hint">{t('admin.form.bankHint')}</p>
        <div className="admin-form__grid">
          <TextField form={form} name="accountName" label={t('admin.form.accountName')} />
          <TextField form={form} name="accountNumber" label={t('admin.form.accountNumber')} inputMode="numeric" />
          <TextField form={form} name="bankName" label={t('admin.form.bankName')} />
        </div>
      </fieldset>

      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.form.section.updates')}</legend>
        <UpdatesEditor form={form} />
      </fieldset>

      <div className="admin-form__actions">
        {summary && (
          <p id={summaryId} ref={summaryRef} tabIndex={-1} className="alert alert--inline alert--danger" role="alert">
            {summary}
          </p>
        )}
        <button type="button" className="btn btn--staff btn--ghost" onClick={onCancel}>
          {t('admin.form.cancel')}
        </button>
        <button
          type="button"
          className="btn btn--staff btn--secondary"
          onClick={() => setPreview(structuredClone(getValues()))}
        >
          {t('admin.form.preview')}
        </button>
        <button type="submit" className="btn btn--staff btn--dark" disabled={saving} aria-busy={saving}>
          <Save aria-hidden="true" size={18} />
          {saving ? t('admin.form.saving') : t('admin.form.save')}
        </button>
      </div>
      {preview && <CampaignPreview values={preview} campaignId={campaignId} onClose={() => setPreview(null)} />}
    </form>
  );
}
