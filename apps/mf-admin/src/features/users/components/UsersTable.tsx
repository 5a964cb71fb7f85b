import { Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { UserDto } from '@zunft/contracts';
import { formatDate } from '@zunft/web-common';
import { ROLE_COLORS } from '../../../shared/roles';
import { useAdminT } from '../../../shared/i18n';
import { UserActionButtons, type UserActionHandlers } from './UserActionButtons';
import { UserIdentity } from './UserIdentity';

export interface UsersListProps extends UserActionHandlers {
  users: UserDto[];
  currentUserId: string | null;
  busyUserId: string | null;
}

/** Desktop/tablet layout: one row per user of the page shown (part 2 §2 "Users screen"). */
export function UsersTable({ users, currentUserId, busyUserId, ...handlers }: UsersListProps) {
  const t = useAdminT();
  const columns: TableColumnsType<UserDto> = [
    {
      key: 'user',
      title: t('users.columns.user'),
      render: (_, user) => <UserIdentity user={user} isSelf={user.id === currentUserId} />,
      width: '34%',
      ellipsis: true,
    },
    {
      key: 'role',
      title: t('users.columns.role'),
      dataIndex: 'role',
      render: (_, user) => <Tag color={ROLE_COLORS[user.role]}>{t(`roles.${user.role}`)}</Tag>,
    },
    {
      key: 'craft',
      title: t('users.columns.craft'),
      dataIndex: 'craftsman_category',
      render: (value: string | null) =>
        value || <Typography.Text type="secondary">{t('common.notSet')}</Typography.Text>,
      responsive: ['lg'],
    },
    {
      key: 'status',
      title: t('users.columns.status'),
      dataIndex: 'is_active',
      render: (active: boolean) => (
        <Tag color={active ? 'success' : 'default'}>
          {active ? t('users.status.active') : t('users.status.inactive')}
        </Tag>
      ),
    },
    {
      key: 'created',
      title: t('users.columns.created'),
      dataIndex: 'created_at',
      render: (value: string) => formatDate(value),
      responsive: ['lg'],
    },
    {
      key: 'actions',
      title: t('users.columns.actions'),
      align: 'right',
      width: 176,
      render: (_, user) => (
        <UserActionButtons
          user={user}
          currentUserId={currentUserId}
          busy={busyUserId === user.id}
          compact
          {...handlers}
        />
      ),
    },
  ];

  return (
    <Table<UserDto>
      rowKey="id"
      columns={columns}
      dataSource={users}
      // One page of the screen's list: ListScreen pages under table and cards alike.
      pagination={false}
      scroll={{ x: 720 }}
    />
  );
}
