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

/** Renders `admin/App` lazily inside an error boundary; 'Erneut versuchen' really loads it again. */
export function AdminRemotePage({ page }: AdminAppProps) {
  const { t } = useShellT();
  const [attempt, setAttempt] = useState(0);
  const [AdminApp, setAdminApp] = useState(() => remoteComponent<AdminAppProps>('admin', 'App', false));

  const retry = () => {
    setAdminApp(() => remoteComponent<AdminAppProps>('admin', 'App', true));
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteBoundary key={attempt} fallback={() => <RemoteErrorCard onRetry={retry} />}>
      <Suspense fallback={<AreaSpinner label={t('remote.loading')} />}>
        <AdminApp page={page} />
      </Suspense>
    </RemoteBoundary>
  );
}
