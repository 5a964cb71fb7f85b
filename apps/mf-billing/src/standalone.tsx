import { useParams } from 'react-router';
import { mountStandalone } from '@zunft/web-common/standalone';
import { zunftColors, zunftTheme } from '@zunft/ui-kit';
import BillingApp from './App';
import BillingPublicApp, { type BillingPublicPage } from './PublicApp';
import { BILLING_NS } from './i18n';

// Standalone development page of the billing remote (http://127.0.0.1:4203): sign-in, the signed-in
// pages of `./App` and the public token pages of `./PublicApp` (no sign-in) with the shell's
// providers (libs/web-common/src/standalone); the shell's role rules are not applied here. Not part
// of the production build.

/** A public page as the shell renders it: no layout, no sign-in, the token from the path. */
function PublicPage({ page }: { page: BillingPublicPage }) {
  const { token = '' } = useParams();
  return <BillingPublicApp page={page} params={{ token }} />;
}

mountStandalone({
  i18nNamespace: BILLING_NS,
  theme: zunftTheme,
  colors: zunftColors,
  pages: {
    quotes: 'quotes.title',
    reports: 'pages.reports',
    invoices: 'pages.invoices',
    accounting: 'accounting.title',
  },
  render: (page) => <BillingApp page={page} />,
  home: 'quotes',
  publicRoutes: [
    { path: '/quote-acceptance/:token', element: <PublicPage page="quote-acceptance" /> },
    { path: '/signature/:token', element: <PublicPage page="signature" /> },
  ],
});
