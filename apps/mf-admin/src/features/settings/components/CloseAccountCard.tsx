import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Modal, Typography } from 'antd';
import type { DataExportDto } from '@zunft/contracts';
import { formatDateTime, serverErrorText, toast, useSession } from '@zunft/web-common';
import { zunftColors } from '@zunft/ui-kit';
import { useAdminT } from '../../../shared/i18n';
import { useLatestDataExport, useStartDataExport } from '../../data-export/api/dataExport.api';
import { closeAccountApi } from '../api/close-account.api';
import { useCompanyProfileQuery } from '../api/useCompany';

/** The calendar day of an instant in Switzerland (YYYY-MM-DD). */
const swissDay = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Zurich' });

/** A finished export made today (Swiss day): the data the company takes along is current. */
export const exportedToday = (e: DataExportDto | null, now: Date = new Date()): boolean =>
  e?.status === 'done' && e.finishedAt !== null && swissDay(new Date(e.finishedAt)) === swissDay(now);

/**
 * Danger zone of the «Konto» tab (admin, issue 26): closing the company's account. The admin types
 * the company's name; a subscription that still renews is refused by the server with its German
 * text (cancel it under «Zahlungen» first). Afterwards nobody signs in; the data is removed once the
 * law's retention periods have ended. After closing nobody can sign in to export the data
 * (revDSG art. 28), so the dialog shows the state of the latest export of the «Daten» card (the same
 * query) and can start it; without a finished export of today the confirm button asks a second time
 * («Ohne Datenexport schliessen?»).
 */
export function CloseAccountCard() {
  const t = useAdminT();
  const { user, logout } = useSession();
  const profile = useCompanyProfileQuery();
  const companyName = profile.data?.name ?? user?.companyName ?? '';
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [askedWithoutExport, setAskedWithoutExport] = useState(false);
  const latest = useLatestDataExport();
  const start = useStartDataExport();
  const current: DataExportDto | null = latest.data?.export ?? null;
  const fresh = exportedToday(current);
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
            setAskedWithoutExport(false);
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
        okText={t(
          askedWithoutExport && !fresh ? 'settings.closeAccount.confirmWithoutExport' : 'settings.closeAccount.confirm',
        )}
        okButtonProps={{ danger: true, disabled: !matches, loading: close.isPending }}
        cancelText={t('settings.closeAccount.cancel')}
        onOk={() => {
          if (!fresh && !askedWithoutExport) setAskedWithoutExport(true);
          else close.mutate();
        }}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Alert
            type={fresh ? 'success' : 'info'}
            showIcon
            title={t('settings.closeAccount.exportFirst')}
            description={
              <Flex vertical gap={8} align="flex-start">
                <Typography.Text role="status">{exportState(current, latest.isError, t)}</Typography.Text>
                {current?.status === 'running' ? null : (
                  <Button size="small" loading={start.isPending} onClick={() => start.mutate()}>
                    {t('settings.closeAccount.exportStart')}
                  </Button>
                )}
              </Flex>
            }
          />
          <Typography.Text>{t('settings.closeAccount.typeName', { name: companyName })}</Typography.Text>
          <Input
            aria-label={t('settings.closeAccount.nameLabel')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
          />
          {askedWithoutExport && !fresh ? (
            <Alert
              type="warning"
              showIcon
              title={t('settings.closeAccount.withoutExportTitle')}
              description={t('settings.closeAccount.withoutExportText')}
            />
          ) : null}
          {error ? <Alert type="error" showIcon title={error} /> : null}
        </Flex>
      </Modal>
    </Card>
  );
}

/** The latest export's state in a sentence: none, running (with its progress), ready (with its date), expired, failed. */
function exportState(current: DataExportDto | null, failedToLoad: boolean, t: ReturnType<typeof useAdminT>): string {
  if (failedToLoad) return t('settings.closeAccount.exportUnknown');
  if (!current) return t('settings.closeAccount.exportNone');
  if (current.status === 'running') return t('settings.closeAccount.exportRunning', { progress: current.progress });
  if (current.status === 'done')
    return t('settings.closeAccount.exportReady', { date: formatDateTime(current.finishedAt) });
  if (current.status === 'expired') return t('settings.closeAccount.exportExpired');
  return t('settings.closeAccount.exportFailed');
}
