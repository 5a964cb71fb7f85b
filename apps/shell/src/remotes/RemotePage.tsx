import { Suspense, useState } from 'react';
import { AreaSpinner } from '../components/FullScreenSpinner';
import { useShellT } from '../i18n/shell-i18n';
import { remoteComponent } from './remote-component';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteErrorCard } from './RemoteErrorCard';

/** Contract of mf-admin's `./App` (brief, "Frontend contract"). */
export type AdminPage = 'users' | 'settings' | 'profile';
export interface AdminAppProps {
  page: AdminPage;
}

/** Contract of mf-time's `./App`: `export default function TimeApp({ page })`. */
export type TimePage = 'customers' | 'projects' | 'time-tracking' | 'materials' | 'expenses' | 'scheduling';
export interface TimeAppProps {
  page: TimePage;
}

/**
 * Contract of mf-billing's `./App`: `export default function BillingApp({ page, params })`; the
 * public 'quote-acceptance' page is rendered by PublicRemotePage with `params.token`.
 */
export type BillingPage = 'quotes';
export interface BillingAppProps {
  page: BillingPage | 'quote-acceptance';
  params?: { token?: string };
}

/** Which remote renders which pages (the names are the keys of /config/remotes.json). */
export type RemoteView =
  { remote: 'admin'; page: AdminPage } | { remote: 'time'; page: TimePage } | { remote: 'billing'; page: BillingPage };

/** Renders `<remote>/App` lazily inside an error boundary; 'Erneut versuchen' really loads it again. */
export function RemotePage({ remote, page }: RemoteView) {
  const { t } = useShellT();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(() => ({
    remote,
    App: remoteComponent<{ page: string }>(remote, 'App', false),
  }));
  // Switching between pages of different remotes (e.g. /users -> /customers) picks that remote's App.
  const App = loaded.remote === remote ? loaded.App : remoteComponent<{ page: string }>(remote, 'App', false);

  const retry = () => {
    setLoaded({ remote, App: remoteComponent<{ page: string }>(remote, 'App', true) });
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteBoundary key={`${remote}:${attempt}`} fallback={() => <RemoteErrorCard onRetry={retry} />}>
      <Suspense fallback={<AreaSpinner label={t('remote.loading')} />}>
        <App page={page} />
      </Suspense>
    </RemoteBoundary>
  );
}
