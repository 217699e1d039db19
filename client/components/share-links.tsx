import { useEffect, useState } from 'react';
import { t } from '../../shared/messages';
import { CopyButton } from './copy-button';

/** WhatsApp's own link: opens the app (or its web page) with the text ready to send. No script of theirs runs here. */
export const whatsAppHref = (title: string, url: string) =>
  `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;

/**
 * Ways to pass a page on: WhatsApp, the address copied, and the phone's own share sheet where the
 * browser has one. The share sheet button appears only after hydration, so the server's markup and
 * the browser's first render agree; the link previews come from the page's own meta tags.
 */
export function ShareLinks({ title, url }: { title: string; url: string }) {
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);

  const share = () => {
    // Closing the sheet rejects with AbortError: nothing to tell the person.
    navigator.share({ title, url }).catch(() => undefined);
  };

  return (
    <ul className="share-links" aria-label={t('share.label')}>
      <li>
        <a
          className="btn btn--secondary btn--small"
          href={whatsAppHref(title, url)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('share.whatsapp')}
        </a>
      </li>
      <li>
        <CopyButton
          value={url}
          label={t('share.copyLink')}
          text={t('share.copyLink')}
          failedText={t('share.copyFailed')}
        />
      </li>
      {canShare && (
        <li>
          <button type="button" className="btn btn--secondary btn--small" onClick={share}>
            {t('share.native')}
          </button>
        </li>
      )}
    </ul>
  );
}
