import { lazy } from 'react';
import type { BillingPage, RemoteAppProps } from '@zunft/web-common';
import { RemotePageHost } from '@zunft/ui-kit';
import { useBillingT } from './shared/i18n';

export type { BillingPage };

// Each page is its own chunk: the shell only downloads what the route shows. The keys are the
// signed-in pages of `REMOTE_PAGES.billing.App` (libs/web-common/src/pages); App.spec.tsx fails when
// one is missing. The customer's token pages are in PublicApp.tsx.
export const BILLING_APP_PAGES = {
  quotes: lazy(() => import('./features/quotes/pages/QuotesPage')),
  reports: lazy(() => import('./features/reports/pages/ReportsPage')),
  invoices: lazy(() => import('./features/invoices/InvoicesScreen')),
  accounting: lazy(() => import('./features/accounting/pages/AccountingPage')),
} satisfies Record<BillingPage, unknown>;

/**
 * The exposed signed-in entry of the `billing` remote (`billing/App`). The shell decides who may
 * see which page and provides session, query client, i18n, theme and router (shared singletons).
 */
export default function BillingApp({ page }: RemoteAppProps<BillingPage>) {
  const t = useBillingT();
  return (
    <RemotePageHost
      key={page}
      Page={BILLING_APP_PAGES[page]}
      remote="billing"
      errorTitle={t('remote.loadError')}
      reloadLabel={t('remote.reload')}
    />
  );
}
