import { useEffect } from 'react';
import { FOUNDATION } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';

/** Names the browser tab after the admin screen, so history and screen readers tell pages apart. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${t('admin.brand')} · ${FOUNDATION.shortName}`;
  }, [title]);
}
