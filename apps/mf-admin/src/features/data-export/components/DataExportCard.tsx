import { useState } from 'react';
import { CloudDownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Progress, Skeleton, Typography } from 'antd';
import type { DataExportDto } from '@zunft/contracts';
import { LoadError } from '@zunft/ui-kit';
import { formatDate, formatDateTime, serverErrorText, toastFailure } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { dataExportApi, saveBlob, useLatestDataExport, useStartDataExport } from '../api/dataExport.api';

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);

/**
 * «Daten» card of the «Konto» tab (admin, issue 26, revDSG art. 28 data portability): starts the
 * export of all the company's data, shows its progress (polled every 2 s) and then the download of
 * the ZIP with its size and date, for 7 days.
 */
export function DataExportCard() {
  const t = useAdminT();
  const latest = useLatestDataExport();
  const start = useStartDataExport();
  const [downloading, setDownloading] = useState(false);
  const current: DataExportDto | null = latest.data?.export ?? null;
  const running = current?.status === 'running';

  const download = async (e: DataExportDto) => {
    setDownloading(true);
    try {
      const blob = await dataExportApi.download(e.id);
      saveBlob(blob, `zunft-daten-${(e.finishedAt ?? e.createdAt).slice(0, 10)}.zip`);
    } catch (error) {
      toastFailure(error, t('dataExport.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  let body;
  if (latest.isError) {
    body = (
      <LoadError
        title={t('dataExport.loadError')}
        detail={serverErrorText(latest.error) ?? t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void latest.refetch()}
      />
    );
  } else if (latest.isPending) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else {
    body = (
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('dataExport.intro')}</Typography.Paragraph>
        {running ? (
          <div role="status" aria-live="polite">
            <Typography.Text>{t(`dataExport.phase.${current.phase}`)}</Typography.Text>
            <Progress
              percent={current.progress}
              status="active"
              aria-label={t('dataExport.progressLabel')}
              aria-valuenow={current.progress}
            />
          </div>
        ) : null}
        {current?.status === 'failed' ? <Alert type="error" showIcon message={t('dataExport.failed')} /> : null}
        {start.isError ? (
          <Alert type="warning" showIcon message={serverErrorText(start.error) ?? t('dataExport.startFailed')} />
        ) : null}
        {current?.status === 'done' && current.sizeBytes !== null ? (
          <Flex vertical gap={4} align="flex-start">
            <Button
              type="primary"
              icon={<CloudDownloadOutlined />}
              loading={downloading}
              onClick={() => void download(current)}
            >
              {t('dataExport.download', { size: megabytes(current.sizeBytes) })}
            </Button>
            <Typography.Text type="secondary">
              {t('dataExport.madeAt', {
                date: formatDateTime(current.finishedAt),
                until: formatDate(current.expiresAt),
                tables: current.tables,
                documents: current.documents,
              })}
            </Typography.Text>
          </Flex>
        ) : null}
        <div>
          <Button icon={<ExportOutlined />} loading={start.isPending} disabled={running} onClick={() => start.mutate()}>
            {t('dataExport.start')}
          </Button>
        </div>
      </Flex>
    );
  }

  return (
    <Card title={t('dataExport.title')} style={{ marginTop: 16 }}>
      {body}
    </Card>
  );
}
