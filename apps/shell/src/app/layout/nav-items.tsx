import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  AuditOutlined,
  CalendarOutlined,
  ContactsOutlined,
  DashboardOutlined,
  FieldTimeOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  HourglassOutlined,
  ProjectOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { Role, SessionUser } from '@zunft/contracts';
import { canOpen } from '../../routing/guard';

export interface NavItem {
  path: string;
  labelKey: string;
  icon: ReactNode;
  /** Narrower than the route's access: the sidebar entry only for these roles. */
  sidebarRoles?: readonly Role[];
}

/** Sidebar entries in the spec's order (part 1 §2 "Application shell"). */
export const MAIN_NAV: readonly NavItem[] = [
  { path: '/dashboard', labelKey: 'nav.dashboard', icon: <DashboardOutlined /> },
  { path: '/customers', labelKey: 'nav.customers', icon: <ContactsOutlined /> },
  { path: '/projects', labelKey: 'nav.projects', icon: <ProjectOutlined /> },
  { path: '/time-tracking', labelKey: 'nav.timeTracking', icon: <FieldTimeOutlined /> },
  { path: '/working-time', labelKey: 'nav.workingTime', icon: <HourglassOutlined /> },
  { path: '/materials', labelKey: 'nav.materials', icon: <ToolOutlined /> },
  { path: '/reports', labelKey: 'nav.reports', icon: <FileTextOutlined /> },
  { path: '/invoices', labelKey: 'nav.invoices', icon: <AccountBookOutlined /> },
  { path: '/accounting', labelKey: 'nav.accounting', icon: <AuditOutlined /> },
  // Part 2 §6: 'In the sidebar, Angebote is backoffice only', where backoffice is the derived flag
  // of part 1 §6 (isBackoffice = admin or backoffice): the route table already limits it to both.
  { path: '/quotes', labelKey: 'nav.quotes', icon: <FileDoneOutlined /> },
  { path: '/expenses', labelKey: 'nav.expenses', icon: <WalletOutlined /> },
  { path: '/scheduling', labelKey: 'nav.scheduling', icon: <CalendarOutlined /> },
];

/** 'Administration' section. */
export const ADMIN_NAV: readonly NavItem[] = [
  { path: '/users', labelKey: 'nav.users', icon: <TeamOutlined /> },
  { path: '/settings', labelKey: 'nav.settings', icon: <SettingOutlined /> },
];

/** Quick links of the top bar. */
export const QUICK_LINKS: readonly NavItem[] = [
  { path: '/time-tracking', labelKey: 'nav.timeTracking', icon: <FieldTimeOutlined /> },
  { path: '/projects', labelKey: 'nav.projects', icon: <ProjectOutlined /> },
  { path: '/customers', labelKey: 'nav.customers', icon: <ContactsOutlined /> },
];

/**
 * Entries a user can open, derived from the route table, so the menu never offers a link the guard
 * would bounce (e.g. Kunden/Rapporte/Rechnungen/Angebote only for admin and backoffice, Benutzer and
 * Einstellungen only for admins).
 */
export function visibleItems(items: readonly NavItem[], user: SessionUser | null): NavItem[] {
  return items.filter(
    (item) => canOpen(item.path, user) && (!item.sidebarRoles || (!!user && item.sidebarRoles.includes(user.role))),
  );
}

export function initials(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'> | null): string {
  if (!user) return '?';
  const letters = `${user.firstName?.trim()[0] ?? ''}${user.lastName?.trim()[0] ?? ''}`.toUpperCase();
  return letters || user.email?.[0]?.toUpperCase() || '?';
}

export function fullName(user: Pick<SessionUser, 'firstName' | 'lastName'> | null): string {
  return user ? `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() : '';
}
