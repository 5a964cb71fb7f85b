import { lazy } from 'react';
import type { TimePage, RemoteAppProps } from '@zunft/web-common';
import { RemotePageHost } from '@zunft/ui-kit';
import { useTimeT } from './shared/i18n';

export type { TimePage };

// Each page is its own chunk: the shell only downloads what the route shows. The keys are the pages of
// `REMOTE_PAGES.time.App` (libs/web-common/src/pages); App.spec.tsx fails when one is missing.
export const TIME_APP_PAGES = {
  customers: lazy(() => import('./features/customers/pages/CustomersPage')),
  projects: lazy(() => import('./features/projects/pages/ProjectsPage')),
  'time-tracking': lazy(() => import('./features/time-tracking/pages/TimeTrackingPage')),
  'working-time': lazy(() => import('./features/working-time/pages/WorkingTimePage')),
  materials: lazy(() => import('./features/materials/pages/MaterialsPage')),
  expenses: lazy(() => import('./features/expenses/pages/ExpensesPage')),
  scheduling: lazy(() => import('./features/scheduling/pages/SchedulingPage')),
} satisfies Record<TimePage, unknown>;

/**
 * The exposed entry of the `time` remote (`time/App`). The shell decides who may see which
 * page and provides session, query client, i18n, theme and router (shared singletons).
 */
export default function TimeApp({ page }: RemoteAppProps<TimePage>) {
  const t = useTimeT();
  return (
    <RemotePageHost
      key={page}
      Page={TIME_APP_PAGES[page]}
      remote="time"
      errorTitle={t('remote.loadError')}
      reloadLabel={t('remote.reload')}
    />
  );
}
