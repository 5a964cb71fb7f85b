import { Link, useNavigate } from 'react-router';
import { Breadcrumb, Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, MenuOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { toast, useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import type { RouteDef } from '../../routing/route-table';
import { QUICK_LINKS, fullName, initials, visibleItems } from './nav-items';
import { NotificationBell } from './NotificationBell';
import { RunningTimerSlot } from './RunningTimerSlot';
import { useCompanySwitcher } from './useCompanySwitcher';

export function TopBar({
  route,
  onOpenMenu,
  showMenuButton,
}: {
  route: RouteDef;
  onOpenMenu: () => void;
  showMenuButton: boolean;
}) {
  const { t } = useShellT();
  const session = useSession();
  const navigate = useNavigate();
  const { user, isAdmin } = session;
  const companyItems = useCompanySwitcher() ?? [];

  const logout = async () => {
    await session.logout();
    toast.info(t('layout.loggedOut'));
    void navigate('/login', { replace: true });
  };

  const menu: MenuProps['items'] = [
    ...companyItems,
    { key: 'profile', icon: <UserOutlined />, label: <Link to="/profile">{t('nav.profile')}</Link> },
    ...(isAdmin
      ? [{ key: 'settings', icon: <SettingOutlined />, label: <Link to="/settings">{t('nav.settings')}</Link> }]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: t('layout.logout'), onClick: () => void logout() },
  ];

  const crumbs =
    route.id === 'dashboard'
      ? [{ title: t('nav.dashboard') }]
      : [
          { title: <Link to="/dashboard">{t('nav.dashboard')}</Link> },
          { title: route.labelKey ? t(route.labelKey) : '' },
        ];

  return (
    <header className="topbar">
      {showMenuButton ? (
        <Button
          type="text"
          size="large"
          className="topbar__menu"
          icon={<MenuOutlined />}
          aria-label={t('layout.openMenu')}
          aria-controls="app-sidebar"
          onClick={onOpenMenu}
        />
      ) : null}
      <nav aria-label={t('layout.breadcrumb')} className="topbar__crumbs">
        <Breadcrumb items={crumbs} />
      </nav>
      <div className="topbar__right">
        <RunningTimerSlot />
        <nav className="topbar__quick" aria-label={t('layout.quickLinks')}>
          {visibleItems(QUICK_LINKS, user).map((item) => (
            <Tooltip key={item.path} title={t(item.labelKey)}>
              <Link to={item.path} className="topbar__quick-link">
                {item.icon}
                <span>{t(item.labelKey)}</span>
              </Link>
            </Tooltip>
          ))}
        </nav>
        <NotificationBell />
        <Dropdown menu={{ items: menu }} trigger={['click']} placement="bottomRight">
          {/* Named by its visible text plus a hidden 'Benutzermenü' (an aria-label hiding the visible name
              fails WCAG 2.5.3 'label in name'); the initials are decoration. */}
          <Button type="text" size="large" className="topbar__user">
            <span className="initials-avatar topbar__avatar" aria-hidden>
              {initials(user)}
            </span>
            <span className="topbar__user-name">{fullName(user) || user?.email}</span>
            <span className="visually-hidden">{t('layout.userMenu')}</span>
            <DownOutlined className="topbar__user-caret" aria-hidden />
          </Button>
        </Dropdown>
      </div>
    </header>
  );
}
