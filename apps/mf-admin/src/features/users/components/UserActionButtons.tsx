import { CheckCircleOutlined, DeleteOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import type { UserDto } from '@zunft/contracts';
import { useAdminT } from '../../../shared/i18n';
import { userActionsFor, type UserAction } from './userActions';

export interface UserActionHandlers {
  onEdit(user: UserDto): void;
  onToggleActive(user: UserDto, active: boolean): void;
  onDelete(user: UserDto): void;
}

interface Props extends UserActionHandlers {
  user: UserDto;
  currentUserId: string | null;
  /** Row whose status change is running. */
  busy: boolean;
  /** Icon buttons with tooltips (table) or labelled buttons (cards on phones). */
  compact: boolean;
}

const ICONS: Record<UserAction, ReactNode> = {
  edit: <EditOutlined />,
  deactivate: <StopOutlined />,
  activate: <CheckCircleOutlined />,
  delete: <DeleteOutlined />,
};

export function UserActionButtons({ user, currentUserId, busy, compact, onEdit, onToggleActive, onDelete }: Props) {
  const t = useAdminT();
  const run: Record<UserAction, () => void> = {
    edit: () => onEdit(user),
    deactivate: () => onToggleActive(user, false),
    activate: () => onToggleActive(user, true),
    delete: () => onDelete(user),
  };
  const name = `${user.first_name} ${user.last_name}`;

  return (
    <Flex gap={compact ? 4 : 8} wrap={compact ? false : 'wrap'} justify={compact ? 'flex-end' : 'flex-start'}>
      {userActionsFor(user, currentUserId).map((action) => {
        const label = t(`users.actions.${action}`);
        // Cards on phones: text buttons without icons and deleting as an icon keep one row at 360 px.
        const iconOnly = compact || action === 'delete';
        const button = (
          <Button
            key={action}
            type={compact ? 'text' : 'default'}
            danger={action === 'delete'}
            icon={iconOnly ? ICONS[action] : undefined}
            loading={busy && (action === 'activate' || action === 'deactivate')}
            onClick={run[action]}
            aria-label={`${label}: ${name}`}
            style={iconOnly ? undefined : { flex: '1 1 auto' }}
          >
            {iconOnly ? null : label}
          </Button>
        );
        return iconOnly ? (
          <Tooltip key={action} title={label}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
    </Flex>
  );
}
