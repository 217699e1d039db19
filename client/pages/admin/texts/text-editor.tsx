/**
 * One text in one language, in a modal: the textarea, the placeholders it must keep, a preview
 * with sample values, and Save, "Use the catalogue's text" and "Mark reviewed". The text is
 * checked here by the server's own rule before it is sent; a refusal shows at the field.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LANGUAGES, type Locale, t } from '../../../../shared/messages';
import { formatMessage, placeholdersOf, pluralsOf } from '../../../../shared/messages/format-message';
import { textProblemMessage, textProblems } from '../../../../shared/messages/text-rules';
import { TEXT_MAX, TEXTS_PAGE_SIZE, type TextItem } from '../../../../shared/schemas/texts';
import { FieldError } from '../../../components/form/field-parts';
import { RotateCcw } from '../../../components/icons/rotate-ccw';
import { X } from '../../../components/icons/x';
import { readServerError } from '../../../lib/server-error';
import { trpc } from '../../../lib/trpc';
import { ReviewMark } from './review-mark';
import { languageName, placeLabel, sampleValues, shownText } from './text-parts';

type Notice = { kind: 'done' | 'failed'; text: string } | null;

function Preview({ text, locale }: { text: string; locale: Locale }) {
  const names = placeholdersOf(text);
  const values = sampleValues(names);
  const tag = LANGUAGES[locale].tag;
  const plurals = [...pluralsOf(text).keys()];
  return (
    <div className="texts-editor__box">
      <p className="texts-editor__label">{t('texts.preview')}</p>
      <p className="texts-text" lang={locale}>
        {formatMessage(text, values, tag)}
      </p>
      {plurals.map((name) => (
        <p key={name} className="texts-editor__plural">
          <span className="admin-muted">{t('texts.previewWith', { name: `{${name}}`, value: 1 })}: </span>
          <span lang={locale}>{formatMessage(text, { ...values, [name]: 1 }, tag)}</span>
        </p>
      ))}
    </div>
  );
}

export function TextEditor({
  item,
  locale,
  listLocale,
  onChanged,
  onClose,
}: {
  item: TextItem;
  /** The language being edited. */
  locale: Locale;
  /** The language the list's review marks are about: the item's mark is for it. */
  listLocale: Locale;
  onChanged: (item: TextItem, locale: Locale) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const ids = { title: `${id}-title`, field: `${id}-text`, hint: `${id}-hint`, error: `${id}-error` };
  // The answer of this editor's last change: its review mark is for the language edited.
  const [latest, setLatest] = useState<TextItem | undefined>(locale === listLocale ? item : undefined);
  // The list's marks are for the other language: this one's is asked for on its own.
  const own = trpc.texts.list.useQuery(
    { locale, q: item.key, limit: TEXTS_PAGE_SIZE.max },
    { enabled: locale !== listLocale, select: (answer) => answer.items.find((found) => found.key === item.key) },
  );
  const current = latest ?? own.data ?? item;
  const markKnown = latest !== undefined || own.data !== undefined;
  const saved = shownText(current, locale);
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<Notice>(null);
  const set = trpc.texts.set.useMutation();
  const reset = trpc.texts.reset.useMutation();
  const review = trpc.texts.review.useMutation();
  const busy = set.isPending || reset.isPending || review.isPending;
  const dirty = draft.trim() !== saved;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    fieldRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const refuse = (message: string) => {
    setError(message);
    setNotice(null);
    fieldRef.current?.focus();
  };

  const changed = (next: TextItem, message: string, text = shownText(next, locale)) => {
    setLatest(next);
    setDraft(text);
    setError(undefined);
    setNotice({ kind: 'done', text: message });
    onChanged(next, locale);
  };

  const failed = (failure: unknown) => {
    const refused = readServerError(failure);
    if (refused.status === 401) return;
    const atField = refused.fieldErrors.find((issue) => issue.path === 'text')?.message;
    if (atField || refused.status === 400) refuse(atField ?? refused.message ?? t('texts.failed'));
    else setNotice({ kind: 'failed', text: refused.message ?? t('texts.failed') });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    const problems = textProblems(item.en, text, locale, { key: item.key, catalogue: item[locale] });
    if (problems.length > 0) return refuse(textProblemMessage(problems[0]!));
    if (text.length > TEXT_MAX) return refuse(t('validation.tooLong', { max: TEXT_MAX }));
    try {
      changed(await set.mutateAsync({ key: item.key, locale, text }), t('texts.saved'));
    } catch (failure) {
      failed(failure);
    }
  };

  const backToCatalogue = async () => {
    try {
      changed(await reset.mutateAsync({ key: item.key, locale }), t('texts.resetDone'));
    } catch (failure) {
      failed(failure);
    }
  };

  const markReviewed = async () => {
    try {
      // The draft stays as typed: the mark is for the saved text, which the draft equals here.
      changed(await review.mutateAsync({ key: item.key, locale }), t('texts.reviewDone'), draft);
    } catch (failure) {
      failed(failure);
    }
  };

  const other: Locale = locale === 'en' ? 'ha' : 'en';
  const overridden = current.override[locale] !== undefined;
  return (
    <dialog
      ref={ref}
      className="dialog texts-editor"
      aria-labelledby={ids.title}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className="dialog__body" noValidate onSubmit={(event) => void save(event)}>
        <div className="texts-editor__head">
          <h2 id={ids.title} className="admin-section-title">
            {t('texts.editTitle', { language: languageName(locale) })}
          </h2>
          <button
            type="button"
            className="btn btn--staff btn--ghost btn--small texts-editor__close"
            aria-label={t('texts.close')}
            onClick={onClose}
            disabled={busy}
          >
            <X aria-hidden="true" size={18} />
          </button>
        </div>
        <p className="texts-editor__key">
          <code>{item.key}</code>
          <span className="admin-muted">{t('texts.where', { place: placeLabel(item.place) })}</span>
        </p>
        {current.stale && (
          <p className="alert alert--inline texts-stale-note">
            {current.problem ? t('texts.brokenHint', { problem: current.problem }) : t('texts.staleHint')}
          </p>
        )}
        <div className="texts-editor__box">
          <p className="texts-editor__label">{languageName(other)}</p>
          <p className="texts-text" lang={other}>
            {shownText(current, other)}
          </p>
        </div>
        {overridden && (
          <div className="texts-editor__box">
            <p className="texts-editor__label">{t('texts.catalogue')}</p>
            <p className="texts-text" lang={locale}>
              {current[locale]}
            </p>
            <button
              type="button"
              className="btn btn--staff btn--secondary btn--small texts-editor__reset"
              onClick={() => void backToCatalogue()}
              disabled={busy}
            >
              <RotateCcw aria-hidden="true" size={16} />
              {t('texts.reset')}
            </button>
          </div>
        )}
        <div className={`field texts-editor__field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={ids.field} className="field__label">
            {t('texts.text', { language: languageName(locale) })}
          </label>
          <div id={ids.hint} className="field__hint texts-editor__hint">
            {item.placeholders.length > 0 ? (
              <>
                <span>
                  {t('texts.keep')}{' '}
                  <span className="texts-editor__keep">
                    {item.placeholders.map((name) => (
                      <code key={name}>{`{${name}}`}</code>
                    ))}
                  </span>
                </span>
                <span>{t('texts.keepHint')}</span>
              </>
            ) : (
              t('texts.noPlaceholders')
            )}
          </div>
          <textarea
            ref={fieldRef}
            id={ids.field}
            className="field__control"
            lang={locale}
            rows={4}
            maxLength={TEXT_MAX}
            value={draft}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            onChange={(event) => {
              setDraft(event.target.value);
              setNotice(null);
            }}
          />
          <FieldError id={ids.error} message={error} />
        </div>
        <Preview text={draft} locale={locale} />
        <div className="texts-editor__review">
          <p>{markKnown ? <ReviewMark item={current} /> : <span className="admin-muted">…</span>}</p>
          {dirty && <p className="admin-muted">{t('texts.saveFirst')}</p>}
        </div>
        <p role="status" className={notice?.kind === 'done' ? 'texts-editor__done' : 'visually-hidden'}>
          {notice?.kind === 'done' ? notice.text : ''}
        </p>
        {notice?.kind === 'failed' && (
          <p role="alert" className="alert alert--danger alert--inline">
            {notice.text}
          </p>
        )}
        <div className="dialog__actions texts-editor__actions">
          <button
            type="button"
            className="btn btn--staff btn--secondary"
            onClick={() => void markReviewed()}
            disabled={busy || dirty}
          >
            {t('texts.review')}
          </button>
          <button type="submit" className="btn btn--staff btn--dark" disabled={busy} aria-busy={set.isPending}>
            {set.isPending ? t('texts.saving') : t('texts.save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
