import { useShellT } from '../i18n/shell-i18n';

/** 'Wird geladen...' over the whole screen while the app starts (same look as index.html's boot markup). */
export function FullScreenSpinner() {
  const { t } = useShellT();
  return (
    <div className="boot" role="status" aria-live="polite">
      <div>
        <div className="boot__ring" />
        {t('app.loading')}
      </div>
    </div>
  );
}

/** Inline spinner for a page area (lazy chunks). */
export function AreaSpinner({ label }: { label?: string }) {
  const { t } = useShellT();
  return (
    <div className="area-spinner" role="status" aria-live="polite">
      <div className="boot__ring" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}
