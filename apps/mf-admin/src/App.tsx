import { lazy } from 'react';
import type { AdminPage, RemoteAppProps } from '@zunft/web-common';
import { RemotePageHost } from '@zunft/ui-kit';
import { useAdminT } from './shared/i18n';

export type { AdminPage };

// Each page is its own chunk: the shell only downloads what the route shows. The keys are the pages of
// `REMOTE_PAGES.admin.App` (libs/web-common/src/pages); App.spec.tsx fails when one is missing.
export const ADMIN_APP_PAGES = {
  users: lazy(() => import('./features/users/pages/UsersPage')),
  settings: lazy(() => import('./features/settings/pages/SettingsPage')),
  profile: lazy(() => import('./features/profile/pages/ProfilePage')),
} satisfies Record<AdminPage, unknown>;

/**
 * The exposed entry of the `admin` remote (`admin/App`). The shell decides who may see which
 * page and provides session, query client, i18n, theme and router (shared singletons).
 */
export default function AdminApp({ page }: RemoteAppProps<AdminPage>) {
  const t = useAdminT();
  return (
    <RemotePageHost
      key={page}
      Page={ADMIN_APP_PAGES[page]}
      remote="admin"
      errorTitle={t('remote.loadError')}
      reloadLabel={t('remote.reload')}
    />
  );
}
