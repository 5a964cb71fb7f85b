import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button, Tooltip } from 'antd';
import { CloseOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { LogoMark } from '../../public/components/Logo';
import { ADMIN_NAV, MAIN_NAV, fullName, initials, visibleItems, type NavItem } from './nav-items';
import type { useSidebarState } from './useSidebarState';

type SidebarState = ReturnType<typeof useSidebarState>;

function NavEntry({ item, expanded, onNavigate }: { item: NavItem; expanded: boolean; onNavigate: () => void }) {
  const { t } = useShellT();
  const label = t(item.labelKey);
  const link = (
    <NavLink
      to={item.path}
      className={({ isActive }) => `side-link${isActive ? ' is-active' : ''}`}
      onClick={onNavigate}
      aria-label={label}
    >
      <span className="side-link__icon" aria-hidden>
        {item.icon}
      </span>
      <span className="side-link__label">{label}</span>
    </NavLink>
  );
  return (
    <li>
      {expanded ? (
        link
      ) : (
        <Tooltip title={label} placement="right">
          {link}
        </Tooltip>
      )}
    </li>
  );
}

export function Sidebar({ state }: { state: SidebarState }) {
  const { t } = useShellT();
  const { user } = useSession();
  const location = useLocation();
  const { isDesktop, expanded, collapsed, drawerOpen, closeDrawer } = state;
  const main = visibleItems(MAIN_NAV, user);
  const admin = visibleItems(ADMIN_NAV, user);

  // Close the drawer after navigating and on Escape.
  useEffect(() => closeDrawer(), [location.pathname, closeDrawer]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeDrawer();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen, closeDrawer]);

  const classes = [
    'sidebar',
    expanded ? 'is-expanded' : 'is-narrow',
    isDesktop ? 'is-desktop' : 'is-drawer',
    drawerOpen ? 'is-open' : '',
  ].join(' ');
  const company = user?.companyName?.trim() || t('layout.companyFallback');

  return (
    <>
      {!isDesktop && drawerOpen ? <div className="sidebar-backdrop" onClick={closeDrawer} aria-hidden /> : null}
      <aside
        id="app-sidebar"
        className={classes}
        aria-label={t('layout.mainNavigation')}
        onMouseEnter={() => isDesktop && collapsed && state.setHovered(true)}
        onMouseLeave={() => state.setHovered(false)}
        {...(!isDesktop && !drawerOpen ? { inert: true } : {})}
      >
        <div className="sidebar__head">
          <NavLink to="/dashboard" className="sidebar__brand" aria-label={`${t('app.name')} – ${t('nav.dashboard')}`}>
            <LogoMark size={36} />
            <span className="sidebar__brand-word">Zunft</span>
          </NavLink>
          {isDesktop ? (
            <Tooltip title={collapsed ? t('layout.pinSidebar') : t('layout.unpinSidebar')} placement="right">
              <Button
                type="text"
                className="sidebar__toggle"
                aria-label={collapsed ? t('layout.pinSidebar') : t('layout.unpinSidebar')}
                aria-pressed={!collapsed}
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={state.toggleCollapsed}
              />
            </Tooltip>
          ) : (
            <Button
              type="text"
              className="sidebar__toggle"
              aria-label={t('layout.closeMenu')}
              icon={<CloseOutlined />}
              onClick={closeDrawer}
            />
          )}
        </div>
        <nav className="sidebar__nav">
          <ul>
            {main.map((item) => (
              <NavEntry key={item.path} item={item} expanded={expanded} onNavigate={closeDrawer} />
            ))}
          </ul>
          {admin.length > 0 ? (
            <>
              <p className="sidebar__section">{expanded ? t('nav.administration') : <span aria-hidden>···</span>}</p>
              <ul>
                {admin.map((item) => (
                  <NavEntry key={item.path} item={item} expanded={expanded} onNavigate={closeDrawer} />
                ))}
              </ul>
            </>
          ) : null}
        </nav>
        <NavLink
          to="/profile"
          className={({ isActive }) => `sidebar__profile${isActive ? ' is-active' : ''}`}
          onClick={closeDrawer}
        >
          <span className="initials-avatar sidebar__avatar">{initials(user)}</span>
          <span className="sidebar__profile-text">
            <strong>{fullName(user) || user?.email}</strong>
            <span>{company}</span>
          </span>
        </NavLink>
      </aside>
    </>
  );
}
