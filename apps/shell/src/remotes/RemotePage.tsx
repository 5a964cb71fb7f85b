import { Suspense, lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { AreaSpinner } from '../components/FullScreenSpinner';
import { useShellT } from '../i18n/shell-i18n';
import { loadRemoteModule } from './remote-loader';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteErrorCard } from './RemoteErrorCard';

/** Contract of mf-admin's `./App` (brief, "Frontend contract"). */
export type AdminPage = 'users' | 'settings' | 'profile';
export interface AdminAppProps {
  page: AdminPage;
}

/** Contract of mf-time's `./App`: `export default function TimeApp({ page })`. */
export type TimePage = 'customers' | 'projects' | 'time-tracking' | 'materials';
export interface TimeAppProps {
  page: TimePage;
}

/** Which remote renders which pages (the names are the keys of /config/remotes.json). */
export type RemoteView = { remote: 'admin'; page: AdminPage } | { remote: 'time'; page: TimePage };

type RemoteComponent<P> = LazyExoticComponent<ComponentType<P>>;
const lazyCache = new Map<string, RemoteComponent<never>>();

/** One React.lazy per remote module; `fresh` replaces it (retry), otherwise the loaded one is reused. */
function remoteComponent<P>(remote: string, expose: string, fresh: boolean): RemoteComponent<P> {
  const key = `${remote}/${expose}`;
  let component = lazyCache.get(key) as RemoteComponent<P> | undefined;
  if (!component || fresh) {
    component = lazy(() => loadRemoteModule<{ default: ComponentType<P> }>(remote, expose));
    lazyCache.set(key, component as RemoteComponent<never>);
  }
  return component;
}

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
