import { Alert, Card, Flex, Typography } from 'antd';
import type { TimeAccountDto } from '@zunft/contracts';
import { formatDate } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';

/** Every employee's labour-law warnings of the month in one list, by day (for the owner and the office). */
export function TeamWarnings({ accounts, monthLabel }: { accounts: readonly TimeAccountDto[]; monthLabel: string }) {
  const t = useTimeT();
  const all = accounts
    .flatMap((a) => a.warnings.map((w) => ({ ...w, name: a.user_name, userId: a.userId })))
    .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  return (
    <Card title={t('workingTime.warnings.teamTitle', { month: monthLabel })} style={{ marginBottom: 16 }}>
      {all.length === 0 ? (
        <Typography.Text type="secondary">{t('workingTime.warnings.teamNone')}</Typography.Text>
      ) : (
        <Flex vertical gap={8}>
          {all.map((w) => (
            <Alert
              key={`${w.userId}-${w.date}-${w.rule}`}
              type="warning"
              showIcon
              title={`${formatDate(w.date)} · ${w.name}: ${w.message}`}
            />
          ))}
        </Flex>
      )}
    </Card>
  );
}
