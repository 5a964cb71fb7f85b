import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Modal, Typography } from 'antd';
import { serverErrorText, toast, useSession } from '@zunft/web-common';
import { zunftColors } from '@zunft/ui-kit';
import { useAdminT } from '../../../shared/i18n';
import { closeAccountApi } from '../api/close-account.api';
import { useCompanyProfileQuery } from '../api/useCompany';

/**
 * Danger zone of the «Konto» tab (admin, issue 26): closing the company's account. The admin types
 * the company's name; a subscription that still renews is refused by the server with its German
 * text (cancel it under «Zahlungen» first). Afterwards nobody signs in; the data is removed once the
 * law's retention periods have ended.
 */
export function CloseAccountCard() {
  const t = useAdminT();
  const { user, logout } = useSession();
  const profile = useCompanyProfileQuery();
  const companyName = profile.data?.name ?? user?.companyName ?? '';
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = useMutation({
    mutationFn: () => closeAccountApi.close({ confirmName: typed }),
    onSuccess: async (answer) => {
      setOpen(false);
      toast.success(answer.message);
      await logout();
    },
    onError: (e) => setError(serverErrorText(e) ?? t('settings.closeAccount.failed')),
  });
  const matches = companyName.length > 0 && typed.trim() === companyName.trim();

  return (
    <Card
      title={t('settings.closeAccount.title')}
      style={{ marginTop: 16, borderColor: zunftColors.error }}
      styles={{ title: { color: zunftColors.error } }}
    >
      <Flex vertical gap={12} align="flex-start">
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('settings.closeAccount.intro')}</Typography.Paragraph>
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          <li>{t('settings.closeAccount.noLogin')}</li>
          <li>{t('settings.closeAccount.grace')}</li>
          <li>{t('settings.closeAccount.records')}</li>
        </ul>
        <Button
          danger
          onClick={() => {
            setTyped('');
            setError(null);
            setOpen(true);
          }}
        >
          {t('settings.closeAccount.button')}
        </Button>
      </Flex>
      <Modal
        open={open}
        title={t('settings.closeAccount.confirmTitle')}
        onCancel={() => setOpen(false)}
        okText={t('settings.closeAccount.confirm')}
        okButtonProps={{ danger: true, disabled: !matches, loading: close.isPending }}
        cancelText={t('settings.closeAccount.cancel')}
        onOk={() => close.mutate()}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Typography.Text>{t('settings.closeAccount.typeName', { name: companyName })}</Typography.Text>
          <Input
            aria-label={t('settings.closeAccount.nameLabel')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
          />
          {error ? <Alert type="error" showIcon title={error} /> : null}
        </Flex>
      </Modal>
    </Card>
  );
}
