import { useEffect, useState } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { useShellT } from '../i18n/shell-i18n';
import { onUpdateAvailable } from './service-worker';
import './update-banner.css';

/** After this long without the reload (the worker's own limit is 60 s) the page works on as before. */
const GIVE_UP_MS = 65_000;

/**
 * "Neue Version verfügbar – neu laden": shown when a new service worker waits. The click lets it
 * take over; the page then reloads once (service-worker.ts). Plain React + CSS (public pages too).
 * Until the reload the page's queries pause (react-query's online manager): Chromium switches
 * versions only once the older worker is idle, and a poll reaching it while it stops starts it
 * again (sw.ts, takeOver).
 */
export function UpdateBanner() {
  const { t } = useShellT();
  const [apply, setApply] = useState<(() => void) | null>(null);
  const [applying, setApplying] = useState(false);
  useEffect(() => onUpdateAvailable((next) => setApply(() => next)), []);
  if (!apply) return null;
  const onClick = () => {
    setApplying(true);
    onlineManager.setOnline(false);
    apply();
    setTimeout(() => {
      onlineManager.setOnline(true);
      setApplying(false);
    }, GIVE_UP_MS);
  };
  return (
    <div className="update-banner" role="status">
      {applying ? (
        <span>{t('pwa.applying')}</span>
      ) : (
        <>
          <span>{t('pwa.updateAvailable')} – </span>
          <button type="button" className="update-banner__reload" onClick={onClick}>
            {t('pwa.reload')}
          </button>
        </>
      )}
    </div>
  );
}
