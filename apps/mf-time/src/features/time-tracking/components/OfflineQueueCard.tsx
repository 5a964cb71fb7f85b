import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { formatDateTime } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import type { OfflineTime } from '../offline/offlineTime';
import type { QueuedEntry } from '../offline/offlineQueue';

interface Props {
  queue: QueuedEntry[];
  offline: OfflineTime | null;
}

/**
 * Entries made without reception that the server does not have yet: 'offline – wird
 * synchronisiert', or the server's refusal (e.g. the project was deleted meanwhile) with
 * 'Verwerfen' — a refused entry is never dropped without the user seeing it.
 */
export function OfflineQueueCard({ queue, offline }: Props) {
  const t = useTimeT();
  if (queue.length === 0) return null;
  return (
    <Card size="small" title={t('timeTracking.offline.title')} style={{ marginBottom: 16 }}>
      <Flex vertical gap={8}>
        {queue.map((entry) => (
          <div key={entry.id} data-testid="offline-entry">
            <Flex justify="space-between" align="center" gap={8} wrap="wrap">
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong>{entry.projectTitle}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {formatDateTime(entry.body.startTime)} – {formatDateTime(entry.body.endTime)}
                  </Typography.Text>
                </div>
              </div>
              {entry.status === 'pending' ? (
                <Tag color="orange">{t('timeTracking.offline.mark')}</Tag>
              ) : (
                <Button size="small" danger onClick={() => void offline?.discard(entry)}>
                  {t('timeTracking.offline.discard')}
                </Button>
              )}
            </Flex>
            {entry.status === 'conflict' ? (
              <Alert
                type="error"
                showIcon
                style={{ marginTop: 6 }}
                title={t('timeTracking.offline.conflict', { message: entry.error ?? '' })}
              />
            ) : null}
          </div>
        ))}
      </Flex>
    </Card>
  );
}
