import { getLocale, LANGUAGES, LOCALE_CODES, t } from '../../shared/messages';
import { switchLanguage } from '../lib/language';

/** The languages as a row of buttons, for the staff sidebar where a drop-down has no room to open. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const locale = getLocale();
  return (
    <fieldset className={`language-switch ${className}`}>
      <legend className="visually-hidden">{t('shell.language')}</legend>
      <div className="language-switch__options">
        {LOCALE_CODES.map((code) => (
          <button
            key={code}
            type="button"
            lang={code}
            className="language-switch__option"
            aria-pressed={code === locale}
            onClick={() => code !== locale && switchLanguage(code)}
          >
            {LANGUAGES[code].name}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
