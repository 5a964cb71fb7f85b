import type { ReactNode } from 'react';
import { TeamOutlined } from '@ant-design/icons';
import { useSession } from '@zunft/web-common';
import { PageHeader } from '@zunft/ui-kit';
import { AdminRequired } from '../../../shared/AdminRequired';
import { useAdminT } from '../../../shared/i18n';
import { UsersScreen } from '../components/UsersScreen';

/** /users – admin only (part 2 §2, §6); the API answers 403 to everyone else. */
export default function UsersPage() {
  const t = useAdminT();
  const { user, isAdmin } = useSession();
  const header = (extra?: ReactNode) => (
    <PageHeader icon={<TeamOutlined />} title={t('users.title')} subtitle={t('users.subtitle')} extra={extra} />
  );

  if (!isAdmin) {
    return (
      <>
        {header()}
        <AdminRequired />
      </>
    );
  }
  return <UsersScreen currentUserId={user?.id ?? null} companyLanguage={user?.companyLanguage} renderHeader={header} />;
}
