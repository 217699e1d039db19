/**
 * The give panel offline: a pledge's payment reference is made by the server, so while the phone
 * is offline the form gives way to a notice that says so, above the account a transfer can go to
 * now (the panel shows it in every state).
 */
import { useSyncExternalStore } from 'react';
import { t } from '../../../../shared/messages';

function subscribe(changed: () => void) {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
}

/** Whether the browser says it is offline; the server renders (and hydrates) the page online. */
export const useOffline = () =>
  useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );

export function GiveOfflineNotice() {
  return (
    <div className="alert give-panel__offline" role="status">
      <p className="alert__title">{t('give.offlineTitle')}</p>
      <p>{t('give.offlineText')}</p>
    </div>
  );
}
