import { useState } from 'react';
import { OrderedListOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Modal, Select, Spin, Table, Tag, Typography } from 'antd';
import type { InvoiceNumberFate, InvoiceNumberLogEntry } from '@zunft/contracts';
import { formatDate, formatDateTime, serverErrorText } from '@zunft/web-common';
import { EmptyState, LoadError, useIsMobile } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useNumberLogQuery } from '../api/useInvoices';

const FATE_COLORS: Record<InvoiceNumberFate, string> = { issued: 'green', draft: 'default', deleted_draft: 'red' };

/** The years offered: this one and the five before (numbers start again each year). */
export function numberLogYears(now = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 6 }, (_, i) => year - i);
}

/**
 * «Nummernprotokoll» (GET /invoices/number-log?year=, issue 22): every invoice number of a year in
 * order with its fate, so a gap is explained: issued, draft, or deleted draft with when and by whom.
 */
export function NumberLogModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const years = numberLogYears();
  const [year, setYear] = useState(years[0]!);
  const query = useNumberLogQuery(year, open);
  const entries = query.data?.entries ?? [];
  const fate = (e: InvoiceNumberLogEntry) => (
    <Tag color={FATE_COLORS[e.fate]}>{t(`invoices.numberLog.fate.${e.fate}`)}</Tag>
  );
  const deleted = (e: InvoiceNumberLogEntry) =>
    e.deleted_at
      ? t('invoices.numberLog.deletedBy', { date: formatDateTime(e.deleted_at), name: e.deleted_by_name ?? '–' })
      : null;

  return (
    <Modal
      open={open}
      title={t('invoices.numberLog.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
      width={isMobile ? '100%' : 860}
    >
      <Flex gap={8} align="center" wrap="wrap" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" style={{ flex: '1 1 240px' }}>
          {t('invoices.numberLog.hint')}
        </Typography.Text>
        <Select<number>
          aria-label={t('invoices.numberLog.year')}
          value={year}
          onChange={setYear}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          style={{ width: 110 }}
        />
      </Flex>
      {query.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : query.isError ? (
        <LoadError
          title={t('invoices.numberLog.loadError')}
          detail={serverErrorText(query.error) ?? t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : entries.length === 0 ? (
        <EmptyState icon={<OrderedListOutlined />} title={t('invoices.numberLog.empty', { year })} />
      ) : isMobile ? (
        <Flex vertical gap={8}>
          {entries.map((e) => (
            <Card key={e.invoice_number} size="small">
              <Flex vertical gap={4}>
                <Flex justify="space-between" gap={8} align="center">
                  <Typography.Text strong>{e.invoice_number}</Typography.Text>
                  {fate(e)}
                </Flex>
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {formatDate(e.invoice_date)} · {e.customer_name}
                </Typography.Text>
                {deleted(e) ? <Typography.Text type="danger">{deleted(e)}</Typography.Text> : null}
              </Flex>
            </Card>
          ))}
        </Flex>
      ) : (
        <Table<InvoiceNumberLogEntry>
          rowKey="invoice_number"
          size="small"
          pagination={false}
          dataSource={entries}
          columns={[
            { title: t('invoices.columns.number'), key: 'number', render: (_, e) => e.invoice_number },
            { title: t('invoices.numberLog.fateColumn'), key: 'fate', render: (_, e) => fate(e) },
            { title: t('invoices.columns.invoiceDate'), key: 'date', render: (_, e) => formatDate(e.invoice_date) },
            { title: t('invoices.columns.customer'), key: 'customer', render: (_, e) => e.customer_name },
            { title: t('invoices.numberLog.deleted'), key: 'deleted', render: (_, e) => deleted(e) ?? '' },
          ]}
        />
      )}
    </Modal>
  );
}
