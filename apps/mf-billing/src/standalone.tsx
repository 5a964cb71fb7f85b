import { useParams } from 'react-router';
import { mountStandalone } from '@zunft/web-common/standalone';
import { zunftColors, zunftTheme } from '@zunft/ui-kit';
import BillingApp from './App';
import { BILLING_NS } from './i18n';

// Standalone development page of the billing remote (http://127.0.0.1:4203): sign-in, the quotes page
// and the public quote acceptance (/quote-acceptance/:token, no sign-in) with the shell's providers
// (libs/web-common/src/standalone); the shell's role rules are not applied here. Not part of the
// production build.

/** The public page as the shell renders it: no layout, no sign-in, the token from the path. */
function AcceptancePage() {
  const { token = '' } = useParams();
  return <BillingApp page="quote-acceptance" params={{ token }} />;
}

mountStandalone({
  i18nNamespace: BILLING_NS,
  theme: zunftTheme,
  colors: zunftColors,
  pages: { quotes: 'quotes.title' },
  render: (page) => <BillingApp page={page} />,
  home: 'quotes',
  publicRoutes: [{ path: '/quote-acceptance/:token', element: <AcceptancePage /> }],
});
