/**
 * The mail as a reader gets it, from the text as it stands (saved or not): the server renders it
 * (newsletters.preview) a moment after the typing stops, and it shows in a sandboxed frame the
 * width of a phone, in English or in Hausa.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../../../shared/messages';
import type { EditionPreviewInput } from '../../../../shared/schemas/editions';
import { serverMessage } from '../../../lib/server-error';
import { trpc } from '../../../lib/trpc';

export type PreviewText = Omit<EditionPreviewInput, 'language'>;
type Language = EditionPreviewInput['language'];

const DEBOUNCE_MS = 400;
const LANGUAGES: { value: Language; label: 'editions.english' | 'editions.hausa'; short: string }[] = [
  { value: 'en', label: 'editions.english', short: 'EN' },
  { value: 'ha', label: 'editions.hausa', short: 'HA' },
];

export function EditionPreview({
  text,
  collapsible = true,
  note,
}: {
  text: PreviewText;
  collapsible?: boolean;
  /** A line under the heading (that Hausa readers get the English, say). */
  note?: string | undefined;
}) {
  const [language, setLanguage] = useState<Language>('en');
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<{ subject: string; html: string } | null>(null);
  const [failure, setFailure] = useState('');
  const preview = trpc.newsletters.preview.useMutation();
  const { mutateAsync } = preview;
  const latest = useRef(0);
  const headingId = useId();
  const frameId = useId();
  const key = JSON.stringify([language, text]);
  const empty = text.body.trim() === '' && text.bodyHa.trim() === '' && text.subject.trim() === '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the language and the text
  useEffect(() => {
    if (empty) return;
    const request = ++latest.current;
    const timer = setTimeout(() => {
      mutateAsync({ language, ...text }).then(
        (answer) => {
          if (request !== latest.current) return;
          setShown(answer);
          setFailure('');
        },
        (error: unknown) => {
          if (request === latest.current) setFailure(serverMessage(error, t('editions.previewFailed')));
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, empty, mutateAsync]);

  const languageName = t(language === 'en' ? 'editions.english' : 'editions.hausa');
  return (
    <section
      className={`admin-card edition-preview${collapsible ? ' edition-preview--collapsible' : ''}${open ? ' edition-preview--open' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="edition-preview__head">
        <h2 id={headingId} className="admin-section-title">
          {t('editions.preview')}
        </h2>
        {collapsible && (
          <button
            type="button"
            className="btn btn--staff btn--ghost btn--small edition-preview__toggle"
            aria-expanded={open}
            aria-controls={frameId}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? t('editions.hidePreview') : t('editions.showPreview')}
          </button>
        )}
      </div>
      {note && <p className="edition-preview__note admin-muted">{note}</p>}
      <div id={frameId} className="edition-preview__body">
        <fieldset className="edition-languages">
          <legend className="visually-hidden">{t('editions.previewLanguage')}</legend>
          {LANGUAGES.map((option) => (
            <label key={option.value} className="edition-languages__option">
              <input
                type="radio"
                name={`${frameId}-language`}
                value={option.value}
                checked={language === option.value}
                onChange={() => setLanguage(option.value)}
              />
              <span aria-hidden="true">{option.short}</span>
              <span className="visually-hidden">{t(option.label)}</span>
            </label>
          ))}
        </fieldset>
        <p className="edition-preview__status admin-muted" aria-live="polite">
          {empty ? t('editions.previewEmpty') : preview.isPending ? t('editions.previewUpdating') : ''}
        </p>
        {failure && (
          <p className="alert alert--inline alert--danger" role="alert">
            {failure}
          </p>
        )}
        {shown && !empty && (
          <div className="edition-phone">
            <p className="edition-phone__subject">{t('editions.previewSubject', { subject: shown.subject })}</p>
            <iframe
              className="edition-phone__screen"
              title={t('editions.previewFrame', { language: languageName })}
              sandbox=""
              srcDoc={shown.html}
            />
          </div>
        )}
      </div>
    </section>
  );
}
