import { useEffect, useState } from 'react';
import { formatDateTime } from '../../shared/format';
import { t } from '../../shared/messages';

/**
 * "You are offline; this page is from …" over a page the service worker answered from its copy
 * (client/sw/service-worker.ts), which it tells the page it opened in when asked, right after the
 * page has started: a status, at the top of the page, above the header.
 */
export function OfflineBar() {
  const [cachedAt, setCachedAt] = useState<string | null>(null);
  useEffect(() => {
    const workers = navigator.serviceWorker;
    if (!workers?.controller) return;
    const onMessage = (event: MessageEvent<{ type?: string; at?: string | null }>) => {
      if (event.data?.type === 'cached-at') setCachedAt(event.data.at ?? null);
    };
    // Back online, the next page comes from the network again.
    const onOnline = () => setCachedAt(null);
    workers.addEventListener('message', onMessage);
    workers.startMessages();
    addEventListener('online', onOnline);
    workers.controller.postMessage({ type: 'cached-at' });
    return () => {
      workers.removeEventListener('message', onMessage);
      removeEventListener('online', onOnline);
    };
  }, []);
  if (!cachedAt) return null;
  return (
    <div className="offline-bar" role="status">
      {t('offline.bar', { time: formatDateTime(cachedAt) })}
    </div>
  );
}
