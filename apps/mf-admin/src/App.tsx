import { lazy } from 'react';
import { RemotePageHost } from '@zunft/ui-kit';
import { useAdminT } from './shared/i18n';

export type AdminPage = 'users' | 'settings' | 'profile';

// Each page is its own chunk: the shell only downloads what the route shows.
const pages = {
  users: lazy(() => import('./features/users/pages/UsersPage')),
  settings: lazy(() => import('./features/settings/pages/SettingsPage')),
  profile: lazy(() => import('./features/profile/pages/ProfilePage')),
} satisfies Record<AdminPage, unknown>;

/**
 * The exposed entry of the `admin` remote (`admin/App`). The shell decides who may see which
 * page and provides session, query client, i18n, theme and router (shared singletons).
 */
export default function AdminApp({ page }: { page: AdminPage }) {
  const t = useAdminT();
  return (
    <RemotePageHost
      key={page}
      Page={pages[page]}
      remote="admin"
      errorTitle={t('remote.loadError')}
      reloadLabel={t('remote.reload')}
    />
  );
}
