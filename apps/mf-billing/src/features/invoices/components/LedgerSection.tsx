import { useState, type HTMLAttributes } from 'react';
import { RollbackOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, Table, Typography } from 'antd';
import { LEDGER_ENTRY_TYPES, type InvoiceLedgerResponse, type LedgerEntryType } from '@zunft/contracts';
import { formatDate, formatNumber, serverErrorText, useErrorToast } from '@zunft/web-common';
import { LoadError, useIsMobile, zunftColors } from '@zunft/ui-kit';
import { DetailSection } from '../../../shared/DocumentDetail';
import { useBillingT } from '../../../shared/i18n';
import { useLedgerQuery } from '../api/useInvoices';
import { formatSignedAmount, withRunningBalance, type LedgerRow } from './ledgerHelpers';
import { RefundModal } from './RefundModal';

type T = ReturnType<typeof useBillingT>;

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function typeLabel(t: T, type: LedgerEntryType): string {
  return (LEDGER_ENTRY_TYPES as readonly string[]).includes(type) ? t(`invoices.ledger.types.${type}`) : type;
}

/** The sums of the ledger: open first; the others only when something was booked on them. */
export function LedgerAmounts({ ledger }: { ledger: InvoiceLedgerResponse }) {
  const t = useBillingT();
  const rows: Array<[string, string, number]> = [
    ['open', t('invoices.ledger.amounts.open'), ledger.open_amount],
    ['paid', t('invoices.ledger.amounts.paid'), ledger.paid_amount],
    ['credited', t('invoices.ledger.amounts.credited'), ledger.credited_amount],
    ['fees', t('invoices.ledger.amounts.fees'), ledger.fees_amount],
    ['interest', t('invoices.ledger.amounts.interest'), ledger.interest_amount],
    ['writtenOff', t('invoices.ledger.amounts.writtenOff'), ledger.written_off_amount],
    ['creditBalance', t('invoices.ledger.amounts.creditBalance'), ledger.credit_balance],
  ];
  return (
    <Flex gap={8} wrap="wrap" data-testid="ledger-amounts">
      {rows
        .filter(([key, , value]) => key === 'open' || key === 'paid' || value !== 0)
        .map(([key, label, value]) => (
          <div
            key={key}
            data-amount={key}
            style={{
              flex: '1 1 120px',
              border: `1px solid ${zunftColors.border}`,
              borderRadius: 8,
              padding: '6px 10px',
            }}
          >
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {label}
            </Typography.Text>
            <Typography.Text strong={key === 'open'} style={numeric}>
              {`${ledger.currency} ${formatNumber(value, 2)}`}
            </Typography.Text>
          </div>
        ))}
    </Flex>
  );
}

/** «Kontoauszug»: every movement, oldest first and newest last, with the open amount after each. */
export function LedgerTable({ ledger }: { ledger: InvoiceLedgerResponse }) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const rows = withRunningBalance(ledger.entries);
  if (rows.length === 0) return <Typography.Text type="secondary">{t('invoices.ledger.none')}</Typography.Text>;
  const who = (row: LedgerRow) => (row.created_by_name ? t('invoices.ledger.by', { name: row.created_by_name }) : '');

  if (isMobile) {
    return (
      <Flex vertical gap={6} role="list" aria-label={t('invoices.ledger.title')}>
        {rows.map((row) => (
          <div
            key={row.id}
            role="listitem"
            data-entry-type={row.type}
            style={{ borderBottom: `1px solid ${zunftColors.border}`, paddingBottom: 6 }}
          >
            <Flex justify="space-between" gap={8}>
              <Typography.Text strong>{typeLabel(t, row.type)}</Typography.Text>
              <Typography.Text strong style={numeric}>
                {formatSignedAmount(row.amount)}
              </Typography.Text>
            </Flex>
            <Flex justify="space-between" gap={8}>
              <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
                {[formatDate(row.date), row.reference, who(row)].filter(Boolean).join(' · ')}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ ...numeric, fontSize: 12 }}>
                {`${t('invoices.ledger.balance')} ${formatNumber(row.running, 2)}`}
              </Typography.Text>
            </Flex>
          </div>
        ))}
      </Flex>
    );
  }

  return (
    <Table<LedgerRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      aria-label={t('invoices.ledger.title')}
      onRow={(row) => ({ 'data-entry-type': row.type }) as HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('invoices.ledger.date'), key: 'date', render: (_, row) => formatDate(row.date) },
        { title: t('invoices.ledger.type'), key: 'type', render: (_, row) => typeLabel(t, row.type) },
        {
          title: t('invoices.ledger.reference'),
          key: 'reference',
          render: (_, row) => (
            <>
              {row.reference ?? (row.created_by_name ? null : '–')}
              {row.created_by_name ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {who(row)}
                </Typography.Text>
              ) : null}
            </>
          ),
        },
        {
          title: `${t('invoices.ledger.amount')} ${ledger.currency}`,
          key: 'amount',
          align: 'right',
          render: (_, row) => <span style={numeric}>{formatSignedAmount(row.amount)}</span>,
        },
        {
          title: `${t('invoices.ledger.balance')} ${ledger.currency}`,
          key: 'balance',
          align: 'right',
          render: (_, row) => <span style={numeric}>{formatNumber(row.running, 2)}</span>,
        },
      ]}
    />
  );
}

/** The detail's Kontoauszug: GET /invoices/{id}/ledger, sums above the entries. */
export function LedgerSection({ invoiceId }: { invoiceId: string }) {
  const t = useBillingT();
  const query = useLedgerQuery(invoiceId);
  const [refunding, setRefunding] = useState(false);
  useErrorToast(query, t('invoices.ledger.loadError'));
  return (
    <DetailSection title={t('invoices.ledger.title')}>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : query.isError ? (
        <LoadError
          title={t('invoices.ledger.loadError')}
          detail={serverErrorText(query.error) ?? t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Flex vertical gap={8}>
          <LedgerAmounts ledger={query.data} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('invoices.ledger.hint')}
          </Typography.Text>
          <LedgerTable ledger={query.data} />
          {query.data.credit_balance > 0 ? (
            <>
              <Button
                icon={<RollbackOutlined />}
                onClick={() => setRefunding(true)}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('invoices.refund.action')}
              </Button>
              <RefundModal
                open={refunding}
                invoiceId={invoiceId}
                currency={query.data.currency}
                creditBalance={query.data.credit_balance}
                onClose={() => setRefunding(false)}
              />
            </>
          ) : null}
        </Flex>
      )}
    </DetailSection>
  );
}
