/**
 * The edition's text on the shared form model: editionInput checks it here before the server
 * does. English subject and body; optionally both in Hausa; a featured campaign; the Markdown
 * beside a live preview of the mail (below it on a phone).
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { t } from '../../../../shared/messages';
import { type EditionData, type EditionInput, editionInput } from '../../../../shared/schemas/editions';
import type { FieldIssue } from '../../../../shared/schemas/fields';
import { controlAria, fieldState, LabelledField } from '../../../components/form/field-parts';
import { type SchemaForm, useSchemaForm } from '../../../components/form/schema-form';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { Save } from '../../../components/icons/save';
import { trpc } from '../../../lib/trpc';
import { EditionPreview } from './edition-preview';
import { ImageInsert, insertImage } from './image-insert';

type Form = SchemaForm<EditionInput, EditionData>;

/** A Markdown body: a textarea whose cursor "Insert image" writes at. */
function MarkdownField({
  form,
  name,
  label,
  lang,
}: {
  form: Form;
  name: 'body' | 'bodyHa';
  label: string;
  lang: 'en' | 'ha';
}) {
  const hint = t('editions.bodyHint');
  const field = fieldState(form, name, hint);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const { ref, ...registered } = form.methods.register(name);

  const insert = (markdown: string) => {
    const element = textarea.current;
    const text = form.methods.getValues(name) ?? '';
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const result = insertImage(text, start, end, markdown);
    form.methods.setValue(name, result.text, {
      shouldDirty: true,
      shouldValidate: form.methods.formState.isSubmitted,
    });
    if (element) {
      element.focus();
      element.setSelectionRange(result.cursor, result.cursor);
    }
  };

  return (
    <LabelledField field={field} label={label} hint={hint}>
      <textarea
        {...registered}
        ref={(element) => {
          ref(element);
          textarea.current = element;
        }}
        defaultValue={form.methods.getValues(name) ?? ''}
        {...controlAria(field)}
        className="field__control edition-body"
        rows={14}
        lang={lang}
        spellCheck
      />
      <ImageInsert field={label} onUploaded={insert} />
    </LabelledField>
  );
}

export interface EditionFormProps {
  initial?: EditionInput;
  saving: boolean;
  /** Saves; answers the fields the server refused, if it refused any. */
  onSubmit: (data: EditionData) => Promise<readonly FieldIssue[]>;
  onDirtyChange: (dirty: boolean) => void;
  /** Delete, beside Save (a saved draft only). */
  extraActions?: ReactNode;
  /** Under the form: what sending needs (a saved draft only). */
  children?: ReactNode;
}

export function EditionForm({ initial, saving, onSubmit, onDirtyChange, extraActions, children }: EditionFormProps) {
  const form = useSchemaForm(editionInput, {
    shouldFocusError: true,
    ...(initial && { defaultValues: initial }),
  });
  const { control, formState } = form.methods;
  const values = useWatch({ control });
  const campaigns = trpc.campaign.list.useQuery({ order: 'newest' });
  const summaryId = useId();

  useEffect(() => onDirtyChange(formState.isDirty), [formState.isDirty, onDirtyChange]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    void form.methods.handleSubmit(async (data) => {
      const refused = await onSubmit(data);
      if (refused.length > 0) form.showServerErrors(refused);
      // What was saved is the new starting point: the form is no longer "changed".
      else form.methods.reset(form.methods.getValues());
    })(event);
  };

  const campaignIds = (campaigns.data ?? []).map((c) => c._id);
  const campaignTitle = (id: string) => campaigns.data?.find((c) => c._id === id)?.title ?? id;
  // A featured campaign deleted since keeps its place in the list, so the form still shows it.
  const chosen = values.campaignId ?? '';
  const options = chosen && !campaignIds.includes(chosen) ? [chosen, ...campaignIds] : campaignIds;

  return (
    <div className="edition-editor">
      <div className="edition-editor__main">
        <form
          className="admin-form"
          onSubmit={submit}
          noValidate
          aria-describedby={form.summary ? summaryId : undefined}
        >
          <fieldset className="admin-card admin-form__section">
            <legend className="admin-section-title">{t('editions.english')}</legend>
            <TextField form={form} name="subject" label={t('editions.subjectLabel')} lang="en" />
            <MarkdownField form={form} name="body" label={t('editions.bodyLabel')} lang="en" />
          </fieldset>
          <fieldset className="admin-card admin-form__section">
            <legend className="admin-section-title">{t('editions.hausa')}</legend>
            <p className="field__hint">{t('editions.hausaHint')}</p>
            <TextField form={form} name="subjectHa" label={t('editions.subjectHaLabel')} lang="ha" />
            <MarkdownField form={form} name="bodyHa" label={t('editions.bodyHaLabel')} lang="ha" />
          </fieldset>
          <fieldset className="admin-card admin-form__section">
            <legend className="admin-section-title">{t('editions.campaign')}</legend>
            <SelectField
              key={options.join(',')}
              form={form}
              name="campaignId"
              label={t('editions.campaignLabel')}
              hint={t('editions.campaignHint')}
              options={options}
              placeholder={t('editions.noCampaign')}
              labelOf={campaignTitle}
            />
          </fieldset>
          <div className="admin-form__actions">
            {form.summary && (
              <p id={summaryId} className="alert alert--inline alert--danger" role="alert">
                {form.summary}
              </p>
            )}
            {extraActions}
            <button type="submit" className="btn btn--staff btn--dark" disabled={saving} aria-busy={saving}>
              <Save aria-hidden="true" size={18} />
              {saving ? t('editions.saving') : t('editions.save')}
            </button>
          </div>
        </form>
        {children}
      </div>
      <div className="edition-editor__preview">
        <EditionPreview
          note={(values.bodyHa ?? '').trim() === '' ? t('editions.noHausa') : undefined}
          text={{
            subject: values.subject ?? '',
            subjectHa: values.subjectHa ?? '',
            body: values.body ?? '',
            bodyHa: values.bodyHa ?? '',
            campaignId: values.campaignId || null,
          }}
        />
      </div>
    </div>
  );
}
