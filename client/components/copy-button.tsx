import { useEffect, useState } from 'react';
import { t } from '../../shared/messages';
import { Check } from './icons/check';
import { Copy } from './icons/copy';

const RESET_MS = 2500;

interface CopyButtonProps {
  value: string;
  /** The button's accessible name, naming what it copies ("Copy account number"). */
  label: string;
  /** The button's visible text; "Copy" unless told. */
  text?: string;
  /** What to say when the clipboard refuses; the default speaks of a number. */
  failedText?: string;
}

/**
 * Copies `value` to the clipboard. The button itself says "Copied" for a moment: both words are
 * laid over each other so the button keeps the width of the longer one and nothing beside it
 * moves; the live region repeats it for screen readers only, so sighted people read it once.
 */
export function CopyButton({
  value,
  label,
  text = t('common.copy'),
  failedText = t('common.copyFailed'),
}: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  const copied = state === 'copied';
  return (
    <span className="copy-button">
      <button type="button" className="btn btn--secondary btn--small" onClick={copy} aria-label={label}>
        {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
        <span className="copy-button__words" aria-hidden="true">
          <span data-shown={!copied}>{text}</span>
          <span data-shown={copied}>{t('common.copied')}</span>
        </span>
      </button>
      <span className={state === 'failed' ? 'copy-button__status' : 'visually-hidden'} role="status">
        {copied ? t('common.copied') : state === 'failed' ? failedText : ''}
      </span>
    </span>
  );
}
