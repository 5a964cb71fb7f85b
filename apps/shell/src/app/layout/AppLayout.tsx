import { useLayoutEffect, type ReactNode } from 'react';
import { Alert } from 'antd';
import { useSession } from '@zunft/web-common';
import { removeAppShell } from '../../app-shell/app-shell';
import { useShellT } from '../../i18n/shell-i18n';
import type { RouteDef } from '../../routing/route-table';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { VerifyEmailBanner } from './VerifyEmailBanner';
import { useSidebarState } from './useSidebarState';
import './layout.css';

/** Signed-in frame: sidebar + top bar around the page. */
export function AppLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  const sidebar = useSidebarState();
  const { user } = useSession();
  const { t } = useShellT();
  const offset = sidebar.isDesktop ? (sidebar.collapsed ? 88 : 288) : 0;
  // The frame index.html painted before any script (src/app-shell) gives way in the same commit
  // that paints this layout: the page never shows the spinner in between.
  useLayoutEffect(() => removeAppShell(), []);

  return (
    <div className="app" style={{ ['--sidebar-offset' as string]: `${offset}px` }}>
      <a className="skip-link" href="#app-main">
        {t('app.skipToContent')}
      </a>
      <Sidebar state={sidebar} />
      <div className="app__body">
        <TopBar route={route} onOpenMenu={sidebar.openDrawer} showMenuButton={!sidebar.isDesktop} />
        {user?.isSuperAdmin ? <Alert banner type="warning" title={t('layout.superAdmin')} /> : null}
        <main id="app-main" className="app__main" tabIndex={-1}>
          {children}
        </main>
        <VerifyEmailBanner />
      </div>
    </div>
  );
}
