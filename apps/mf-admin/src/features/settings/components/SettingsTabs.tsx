import type { ReactNode } from 'react';
import { Card, Select, Skeleton, Tabs } from 'antd';
import type { CompanySettingsDto } from '@zunft/contracts';
import { AdminRequired } from '../../../shared/AdminRequired';
import { useAdminT } from '../../../shared/i18n';
import { useCompanySettingsQuery } from '../api/useCompany';
import { AccountTab } from './AccountTab';
import { BillingSettingsForm } from './BillingSettingsForm';
import { CloseAccountCard } from './CloseAccountCard';
import { GeneralTab } from './GeneralTab';
import { HolidaysCard } from './HolidaysCard';
import { SupportLogCard } from '../../support-log/components/SupportLogCard';
import { DataExportCard } from '../../data-export/components/DataExportCard';
import { SubscriptionTab } from './SubscriptionTab';
import { SystemSettingsForm } from './SystemSettingsForm';
import { WorkingTimeSettingsForm } from './WorkingTimeSettingsForm';
import { ADMIN_ONLY_TABS, SETTINGS_TABS, type SettingsTab } from './useSettingsTab';
import { LoadError, useIsMobile } from '@zunft/ui-kit';
import { serverErrorText, useErrorToast } from '@zunft/web-common';

interface Props {
  tab: SettingsTab;
  onTabChange(tab: SettingsTab): void;
  isAdmin: boolean;
}

/** The six settings tabs; only the active one is rendered (and loads its data). */
export function SettingsTabs({ tab, onTabChange, isAdmin }: Props) {
  const t = useAdminT();
  const isMobile = useIsMobile();
  const content = (key: SettingsTab): ReactNode => {
    if (ADMIN_ONLY_TABS.has(key) && !isAdmin) return <AdminRequired />;
    switch (key) {
      case 'general':
        return <GeneralTab />;
      case 'payments':
        return <SubscriptionTab />;
      case 'system':
        return (
          <WithSettings
            render={(s) => (
              <>
                <SystemSettingsForm settings={s} />
                <WorkingTimeSettingsForm settings={s} />
                <HolidaysCard />
              </>
            )}
          />
        );
      case 'billing':
        return <WithSettings render={(s) => <BillingSettingsForm settings={s} />} />;
      case 'account':
        return (
          <>
            <AccountTab />
            {isAdmin ? <DataExportCard /> : null}
            {isAdmin ? <CloseAccountCard /> : null}
          </>
        );
      case 'support':
        return <SupportLogCard />;
    }
  };

  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => onTabChange(key as SettingsTab)}
      destroyOnHidden
      // Six tabs do not fit a phone's width: there the tab bar becomes a select with all of them.
      renderTabBar={
        isMobile
          ? () => (
              <Select<SettingsTab>
                value={tab}
                onChange={onTabChange}
                options={SETTINGS_TABS.map((key) => ({ value: key, label: t(`settings.tabs.${key}`) }))}
                aria-label={t('settings.title')}
                style={{ width: '100%', marginBottom: 16 }}
              />
            )
          : undefined
      }
      items={SETTINGS_TABS.map((key) => ({ key, label: t(`settings.tabs.${key}`), children: content(key) }))}
    />
  );
}

function WithSettings({ render }: { render: (settings: CompanySettingsDto) => ReactNode }) {
  const t = useAdminT();
  const settings = useCompanySettingsQuery();
  useErrorToast(settings, t('settings.toasts.loadSettingsError'));
  if (settings.data) return <>{render(settings.data)}</>;
  if (settings.isError) {
    return (
      <LoadError
        title={t('settings.toasts.loadSettingsError')}
        detail={serverErrorText(settings.error) ?? t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return (
    <Card>
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}
