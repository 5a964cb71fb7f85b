import type { ReactNode } from 'react';
import { Button, Card, Flex, Modal, Spin, Table, Typography, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { serverErrorText } from '@zunft/web-common';
import { EmptyState, LoadError, useIsMobile } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';

/**
 * The dialog of a list of credits with an action per row (shared by «Guthaben» and «Nicht
 * zugeordnete Zahlungen»): a hint, then a spinner while loading, the load error with «Erneut
 * versuchen», the empty state, or the rows, as cards on phones and as a table otherwise; «Schliessen»
 * below. The caller gives the texts, a card's content and the table's columns.
 */
export function CreditListModal<T extends object>({
  open,
  title,
  hint,
  loadError,
  emptyIcon,
  emptyTitle,
  query,
  items,
  rowKey,
  card,
  columns,
  onClose,
}: {
  open: boolean;
  title: string;
  hint: string;
  loadError: string;
  emptyIcon: ReactNode;
  emptyTitle: string;
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>;
  items: T[];
  rowKey: (item: T) => string;
  /** What a card shows on a phone (inside the card). */
  card: (item: T) => ReactNode;
  columns: TableColumnsType<T>;
  onClose: () => void;
}) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
      width={isMobile ? '100%' : 860}
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      {query.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : query.isError ? (
        <LoadError
          title={loadError}
          detail={serverErrorText(query.error) ?? t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState icon={emptyIcon} title={emptyTitle} />
      ) : isMobile ? (
        <Flex vertical gap={8}>
          {items.map((item) => (
            <Card key={rowKey(item)} size="small">
              {card(item)}
            </Card>
          ))}
        </Flex>
      ) : (
        <Table<T> rowKey={rowKey} size="small" pagination={false} dataSource={items} columns={columns} />
      )}
    </Modal>
  );
}
