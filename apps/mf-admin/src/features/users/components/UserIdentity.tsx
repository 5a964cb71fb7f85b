import { Avatar, Flex, Tag, Typography } from 'antd';
import type { UserDto } from '@zunft/contracts';
import { zunftColors } from '@zunft/ui-kit';
import { initials } from '../../../shared/roles';
import { useAdminT } from '../../../shared/i18n';

/** Initials avatar, full name and e-mail of a user. */
export function UserIdentity({ user, isSelf }: { user: UserDto; isSelf: boolean }) {
  const t = useAdminT();
  return (
    <Flex gap={12} align="center" style={{ minWidth: 0 }}>
      <Avatar
        style={{
          backgroundColor: user.is_active ? zunftColors.primaryLight : '#eef0f3',
          color: user.is_active ? zunftColors.primary : zunftColors.muted,
          fontWeight: 600,
          flex: 'none',
        }}
        aria-hidden
      >
        {initials(user.first_name, user.last_name)}
      </Avatar>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis>
          {user.first_name} {user.last_name}
          {isSelf ? (
            <Tag style={{ marginInlineStart: 8 }} variant="filled">
              {t('users.you')}
            </Tag>
          ) : null}
          {user.linked_account ? (
            // a fiduciary who came by invitation with their own Zunft account (issue 26)
            <Tag style={{ marginInlineStart: 8 }} color="purple">
              {t('invitations.linked')}
            </Tag>
          ) : null}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }}>
          {user.email}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
