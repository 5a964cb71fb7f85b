import { Button, Card, List, Skeleton, Tag, Typography } from 'antd';
import type { AuditEntryDto } from '@zunft/contracts';
import { LoadError } from '@zunft/ui-kit';
import { formatDateTime, serverErrorText } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { useSupportLogQuery } from '../api/supportLog.api';

/**
 * «Support-Zugriffe» (issue 25): every support (super-admin) session on the company's admin account,
 * from start to end, and every change made in it, newest first. Admin only (the settings tab).
 */
export function SupportLogCard() {
  const t = useAdminT();
  const query = useSupportLogQuery();
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];

  const what = (e: AuditEntryDto) => {
    if (e.action === 'support.session-started') {
      return t('supportLog.actions.sessionStarted', { until: formatDateTime(e.expiresAt) });
    }
    if (e.action === 'support.session-ended') return t('supportLog.actions.sessionEnded');
    if (e.action === 'accountant.session-started') return t('supportLog.actions.accountantSignedIn');
    if (e.action === 'accountant.company-switched') return t('supportLog.actions.accountantSwitched');
    if (e.action === 'accountant.export') return t('supportLog.actions.accountantExported', { path: e.path ?? '' });
    return t('supportLog.actions.change', {
      method: e.method ? t(`supportLog.methods.${e.method}`, { defaultValue: e.method }) : '',
      path: e.path ?? '',
    });
  };

  let body;
  if (query.isError) {
    body = (
      <LoadError
        title={t('supportLog.loadError')}
        detail={serverErrorText(query.error) ?? t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (entries.length === 0) {
    body = <Typography.Text type="secondary">{t('supportLog.empty')}</Typography.Text>;
  } else {
    body = (
      <>
        <List
          aria-label={t('supportLog.title')}
          dataSource={entries}
          rowKey="id"
          renderItem={(e) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <span>
                    {e.actor === 'accountant' ? (
                      <Tag color="purple">{t('supportLog.accountantActor')}</Tag>
                    ) : (
                      <Tag color="orange">{t('supportLog.actor')}</Tag>
                    )}
                    {what(e)}
                  </span>
                }
                description={`${formatDateTime(e.occurredAt)} · ${t(`supportLog.services.${e.service}`)}`}
              />
            </List.Item>
          )}
        />
        {query.hasNextPage && (
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('supportLog.more')}
          </Button>
        )}
      </>
    );
  }

  return (
    <Card title={t('supportLog.title')}>
      <Typography.Paragraph type="secondary">{t('supportLog.intro')}</Typography.Paragraph>
      {body}
    </Card>
  );
}
