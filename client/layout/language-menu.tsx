import { useEffect, useId, useRef, useState } from 'react';
import { getLocale, LANGUAGES, LOCALE_CODES, type Locale, t } from '../../shared/messages';
import { Check } from '../components/icons/check';
import { Globe } from '../components/icons/globe';
import { switchLanguage } from '../lib/language';

/**
 * The globe button: a small disclosure listing the site's languages, each named in its own. The
 * button shows the other language's name ("Hausa" on English pages, "English" on Hausa ones), so a
 * reader whose phone is set to the wrong language finds theirs without knowing the globe.
 */
export function LanguageMenu() {
  const [open, setOpen] = useState(false);
  const locale = getLocale();
  const other = LOCALE_CODES.find((code) => code !== locale) ?? locale;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (code: Locale) => {
    setOpen(false);
    if (code === locale) buttonRef.current?.focus();
    else switchLanguage(code);
  };

  return (
    <div className="language-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="language-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        <Globe aria-hidden="true" size={20} />
        {/* Named by its content, so the name holds the word shown: "Choose language: Hausa". */}
        <span className="visually-hidden">{t('shell.chooseLanguage')}: </span>
        <span lang={other}>{LANGUAGES[other].name}</span>
      </button>
      <ul id={listId} className="language-menu__list" hidden={!open} aria-label={t('shell.language')}>
        {LOCALE_CODES.map((code) => (
          <li key={code}>
            <button
              type="button"
              className="language-menu__option"
              lang={code}
              aria-current={code === locale}
              onClick={() => choose(code)}
            >
              {LANGUAGES[code].name}
              {code === locale && <Check aria-hidden="true" size={16} />}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
