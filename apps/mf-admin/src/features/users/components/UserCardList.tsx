import { Card, Flex, Tag, Typography } from 'antd';
import { formatDate } from '@zunft/web-common';
import { ROLE_COLORS } from '../../../shared/roles';
import { useAdminT } from '../../../shared/i18n';
import { UserActionButtons } from './UserActionButtons';
import { UserIdentity } from './UserIdentity';
import type { UsersListProps } from './UsersTable';

/** Phone layout (< 768 px): one card per user with labelled action buttons. */
export function UserCardList({ users, currentUserId, busyUserId, ...handlers }: UsersListProps) {
  const t = useAdminT();
  return (
    <Flex vertical gap={12} role="list">
      {users.map((user) => (
        <Card key={user.id} size="small" role="listitem" styles={{ body: { padding: 14 } }}>
          <Flex vertical gap={12}>
            <UserIdentity user={user} isSelf={user.id === currentUserId} />
            <Flex gap={6} wrap="wrap">
              <Tag color={ROLE_COLORS[user.role]}>{t(`roles.${user.role}`)}</Tag>
              <Tag color={user.is_active ? 'success' : 'default'}>
                {user.is_active ? t('users.status.active') : t('users.status.inactive')}
              </Tag>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {user.craftsman_category ? `${user.craftsman_category} · ` : ''}
              {t('users.columns.created')} {formatDate(user.created_at)}
            </Typography.Text>
            <UserActionButtons
              user={user}
              currentUserId={currentUserId}
              busy={busyUserId === user.id}
              compact={false}
              {...handlers}
            />
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
