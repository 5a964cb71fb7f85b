import { useState } from 'react';
import { Alert, Flex, Input, Modal, Typography } from 'antd';
import type { UserDto } from '@zunft/contracts';
import { useAdminT } from '../../../shared/i18n';

/** The exact text an admin has to type: first and last name separated by one space. */
export function deleteConfirmationText(user: Pick<UserDto, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`;
}

interface Props {
  /** The user to delete; null closes the dialog. */
  user: UserDto | null;
  deleting: boolean;
  onCancel(): void;
  onConfirm(user: UserDto): void;
}

/**
 * Permanent deletion (part 2 §4, §5): the account is removed and the user's time entries,
 * expenses, reports and material usage are anonymised. The confirm button is enabled only when
 * the typed text equals exactly '<first> <last>'.
 */
export function DeleteUserModal({ user, deleting, onCancel, onConfirm }: Props) {
  const t = useAdminT();
  const [typed, setTyped] = useState('');
  const expected = user ? deleteConfirmationText(user) : null;
  const matches = expected !== null && typed === expected;

  return (
    <Modal
      open={user !== null}
      title={t('users.delete.title')}
      okText={t('users.delete.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: !matches, loading: deleting }}
      cancelButtonProps={{ disabled: deleting }}
      onOk={() => {
        if (user && matches) onConfirm(user);
      }}
      onCancel={onCancel}
      afterClose={() => setTyped('')}
      mask={{ closable: !deleting }}
      destroyOnHidden
    >
      {user && expected ? (
        <Flex vertical gap={16}>
          <Alert type="error" showIcon title={t('users.delete.warning')} />
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('users.delete.explanation', { name: expected })}
          </Typography.Paragraph>
          <label htmlFor="zunft-delete-user-confirm">
            <Typography.Text>{t('users.delete.prompt')} </Typography.Text>
            <Typography.Text strong code>
              {expected}
            </Typography.Text>
          </label>
          <Input
            id="zunft-delete-user-confirm"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={expected}
            autoComplete="off"
            spellCheck={false}
            status={typed !== '' && !matches ? 'error' : undefined}
            onPressEnter={() => {
              if (matches && !deleting) onConfirm(user);
            }}
          />
        </Flex>
      ) : null}
    </Modal>
  );
}
