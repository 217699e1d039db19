import { useEffect } from 'react';
import { dataSaverCookie } from '../../shared/data-saver';
import { t } from '../../shared/messages';
import { setDataSaver, useDataSaver } from '../lib/data-saver';

/**
 * The footer's "Data saver" switch: a toggle button (aria-pressed). A browser set to save data
 * turns it on by itself, unless the visitor turned it off here before.
 */
export function DataSaverSwitch() {
  const on = useDataSaver();
  useEffect(() => {
    const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
    if (connection?.saveData && !dataSaverCookie(document.cookie)) setDataSaver(true);
  }, []);
  return (
    <button type="button" className="data-saver-switch" aria-pressed={on} onClick={() => setDataSaver(!on)}>
      <span className="data-saver-switch__track" aria-hidden="true" />
      {t('footer.dataSaver')}
    </button>
  );
}
