import { useEffect, useState } from 'react';
import { t } from '../../shared/messages';
import { Check } from './icons/check';
import { Copy } from './icons/copy';

const RESET_MS = 2500;

/** Copies `value` to the clipboard and announces "Copied" through a live region. */
export function CopyButton({ value, label }: { value: string; label: string }) {
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

  return (
    <span className="copy-button">
      <button type="button" className="btn btn--secondary btn--small" onClick={copy} aria-label={label}>
        {state === 'copied' ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
        <span aria-hidden="true">{state === 'copied' ? t('common.copied') : t('common.copy')}</span>
      </button>
      <span className="copy-button__status" role="status">
        {state === 'copied' ? t('common.copied') : state === 'failed' ? t('common.copyFailed') : ''}
      </span>
    </span>
  );
}
