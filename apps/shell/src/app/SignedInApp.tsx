import { Suspense, lazy, useEffect } from 'react';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
// antd's styles for zunftTheme, written by the build (tools/rspack/antd-static-css-plugin.ts) and
// loaded with this chunk: antd generates no styles in the browser (zeroRuntime below). Only the
// components of the layout and the dashboard; the rest comes with the remote host and the paywall
// (antd-rest.generated.css). Imported before the layout, so our own CSS (layout.css, …) follows it,
// as it followed antd's runtime <style> tags.
import './antd.generated.css';
import deDE from 'antd/locale/de_DE';
import frFR from 'antd/locale/fr_FR';
import itIT from 'antd/locale/it_IT';
import dayjs from 'dayjs';
import 'dayjs/locale/de-ch';
import 'dayjs/locale/fr-ch';
import 'dayjs/locale/it-ch';
import { zunftTheme } from '@zunft/ui-kit';
import { useT } from '@zunft/web-common';
import type { RouteDef } from '../routing/route-table';
import { AreaSpinner } from '../components/FullScreenSpinner';
import { AppLayout } from './layout/AppLayout';
import { DashboardPage } from './dashboard/DashboardPage';

// The dashboard comes with the layout (the first page after the login); the paywall and the remote
// host are their own chunks, so the dashboard does not wait for their antd components (Radio,
// Segmented, Result).
const PaywallPage = lazy(() => import('./paywall/PaywallPage').then((m) => ({ default: m.PaywallPage })));
const RemotePage = lazy(() => import('../remotes/RemotePage').then((m) => ({ default: m.RemotePage })));

/** Zero runtime: every antd style comes from the generated CSS files (built with this same zunftTheme). */
const THEME: ThemeConfig = { ...zunftTheme, zeroRuntime: true };
const ANTD_LOCALES = { de: deDE, fr: frFR, it: itIT } as const;
const DAYJS_LOCALES = { de: 'de-ch', fr: 'fr-ch', it: 'it-ch' } as const;

function Page({ route }: { route: RouteDef }) {
  const view = route.view;
  switch (view.type) {
    case 'dashboard':
      return <DashboardPage />;
    case 'paywall':
      return <PaywallPage />;
    case 'remote':
      return <RemotePage view={view} />;
    default:
      // Public views never reach the signed-in app (AppRoutes renders them).
      return null;
  }
}

/** Everything behind the login, in one lazy chunk (antd stays off the public pages). */
export default function SignedInApp({ route }: { route: RouteDef }) {
  const { i18n } = useT();
  const language = (i18n.language in ANTD_LOCALES ? i18n.language : 'de') as keyof typeof ANTD_LOCALES;
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[language]);
  }, [language]);

  return (
    <ConfigProvider theme={THEME} locale={ANTD_LOCALES[language]}>
      <AntApp>
        <AppLayout route={route}>
          <Suspense fallback={<AreaSpinner />}>
            <Page route={route} />
          </Suspense>
        </AppLayout>
      </AntApp>
    </ConfigProvider>
  );
}
