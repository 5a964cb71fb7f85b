import { Suspense, useState } from 'react';
// antd's styles of every component the layout and the dashboard do not render (Table, Form, Select,
// DatePicker, …): loaded with this chunk, so before any remote page renders (see apps/shell/rspack.config.ts).
import '../app/antd-rest.generated.css';
import type { RemoteAppView } from '@zunft/web-common';
import { AreaSpinner } from '../components/FullScreenSpinner';
import { useShellT } from '../i18n/shell-i18n';
import { remoteComponent } from './remote-component';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteErrorCard } from './RemoteErrorCard';

/**
 * Contract of every remote's `./App`: `export default function App({ page })`, `page` one of the
 * remote's signed-in pages in `REMOTE_PAGES` (libs/web-common/src/pages) — the one list the route
 * table, this component and the remotes share.
 */
export type { RemoteAppView };

/** Renders `<remote>/App` lazily inside an error boundary; 'Erneut versuchen' really loads it again. */
export function RemotePage({ view }: { view: RemoteAppView }) {
  const { remote, page } = view;
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
