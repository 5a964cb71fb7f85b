import { useEffect, useState } from 'react';
import { useShellT } from '../i18n/shell-i18n';
import { onUpdateAvailable } from './service-worker';
import './update-banner.css';

/**
 * "Neue Version verfügbar – neu laden": shown when a new service worker waits. The click lets it
 * take over; the page then reloads once (service-worker.ts). Plain React + CSS (public pages too).
 */
export function UpdateBanner() {
  const { t } = useShellT();
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => onUpdateAvailable((next) => setApply(() => next)), []);
  if (!apply) return null;
  return (
    <div className="update-banner" role="status">
      <span>{t('pwa.updateAvailable')} – </span>
      <button type="button" className="update-banner__reload" onClick={apply}>
        {t('pwa.reload')}
      </button>
    </div>
  );
}
