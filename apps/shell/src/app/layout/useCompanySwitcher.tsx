import { useQuery } from '@tanstack/react-query';
import type { MenuProps } from 'antd';
import { BankOutlined, CheckOutlined } from '@ant-design/icons';
import { toast, tokenStore, useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { fetchCompanies, switchCompany } from './company-switch.api';

/** Where the browser goes after a switch: a fresh start, so every remote loads the new company's data. */
export const afterSwitch = { go: (path: string) => window.location.assign(path) };

/**
 * The user menu's «Firma wechseln» group (issue 26): shown only to a person with access to more than
 * one company (a fiduciary). Switching takes a token scoped to the other company (the old session
 * ends) and reloads the app, so no remote keeps the previous company's data in its cache.
 */
export function useCompanySwitcher(): MenuProps['items'] {
  const { t } = useShellT();
  const { user } = useSession();
  const companies = useQuery({
    queryKey: ['auth', 'companies', user?.id],
    queryFn: fetchCompanies,
    enabled: user !== null && !user.isSuperAdmin,
    staleTime: 5 * 60_000,
  });
  const list = companies.data?.companies ?? [];
  if (list.length < 2) return [];

  const go = async (companyId: string) => {
    try {
      const auth = await switchCompany(companyId);
      tokenStore.set(auth.token);
      afterSwitch.go('/dashboard');
    } catch {
      toast.error(t('layout.switchFailed'));
    }
  };

  return [
    {
      type: 'group' as const,
      key: 'companies',
      label: t('layout.switchCompany'),
      children: list.map((c) => ({
        key: `company-${c.companyId}`,
        icon: c.current ? <CheckOutlined /> : <BankOutlined />,
        disabled: c.current,
        label: c.current ? t('layout.currentCompany', { name: c.companyName }) : c.companyName,
        onClick: c.current ? undefined : () => void go(c.companyId),
      })),
    },
    { type: 'divider' as const },
  ];
}
