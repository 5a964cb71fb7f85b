import { lazy } from 'react';
import { PublicPageHost, type BillingPublicPage, type RemotePublicAppProps } from '@zunft/web-common';
import { useBillingT } from './shared/i18n';

export type { BillingPublicPage };

// The customer's token pages (no login, usually a phone). Nothing on this module's import path
// loads antd or ui-kit (PublicApp.spec.tsx checks it); each page is its own chunk. The keys are
// `REMOTE_PAGES.billing.PublicApp` (libs/web-common/src/pages).
export const BILLING_PUBLIC_PAGES = {
  'quote-acceptance': lazy(() => import('./features/quote-acceptance/pages/QuoteAcceptancePage')),
  signature: lazy(() => import('./features/signature/pages/SignaturePage')),
} satisfies Record<BillingPublicPage, unknown>;

/** The exposed public entry of the `billing` remote (`billing/PublicApp`): page + `params.token`. */
export default function BillingPublicApp({ page, params }: RemotePublicAppProps<BillingPublicPage>) {
  const t = useBillingT();
  return (
    <PublicPageHost
      key={page}
      Page={BILLING_PUBLIC_PAGES[page]}
      token={params.token}
      remote="billing"
      loadingLabel={t('common.loading')}
      errorTitle={t('remote.loadError')}
      reloadLabel={t('remote.reload')}
    />
  );
}
