import { UserOutlined } from '@ant-design/icons';
import { Card, Skeleton } from 'antd';
import { useSession } from '@zunft/web-common';
import { PageHeader } from '@zunft/ui-kit';
import { useAdminT } from '../../../shared/i18n';
import { ProfileScreen } from '../components/ProfileScreen';

/** /profile – any signed-in role (part 2 §2, §6). */
export default function ProfilePage() {
  const t = useAdminT();
  const { user } = useSession();
  return (
    <>
      <PageHeader icon={<UserOutlined />} title={t('profile.title')} subtitle={t('profile.subtitle')} />
      {user ? (
        <ProfileScreen user={user} />
      ) : (
        <Card>
          <Skeleton active />
        </Card>
      )}
    </>
  );
}
