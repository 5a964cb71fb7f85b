import { SettingOutlined } from '@ant-design/icons';
import { useSession } from '@zunft/web-common';
import { PageHeader } from '@zunft/ui-kit';
import { useAdminT } from '../../../shared/i18n';
import { SettingsTabs } from '../components/SettingsTabs';
import { useSettingsTab } from '../components/useSettingsTab';

/** /settings?tab=… (part 2 §2). */
export default function SettingsPage() {
  const t = useAdminT();
  const { isAdmin } = useSession();
  const [tab, setTab] = useSettingsTab();
  return (
    <>
      <PageHeader icon={<SettingOutlined />} title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <SettingsTabs tab={tab} onTabChange={setTab} isAdmin={isAdmin} />
    </>
  );
}
