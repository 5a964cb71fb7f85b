import { useState } from 'react';
import { RollbackOutlined, SwapOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Modal, Spin, Table, Typography } from 'antd';
import type { CreditBalanceDto } from '@zunft/contracts';
import { formatNumber, serverErrorText } from '@zunft/web-common';
import { EmptyState, LoadError, useIsMobile } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useCreditBalancesQuery } from '../api/useInvoices';
import { ApplyCreditModal } from './ApplyCreditModal';
import { RefundModal } from './RefundModal';

const money = (c: Pick<CreditBalanceDto, 'currency' | 'amount'>) => `${c.currency} ${formatNumber(c.amount, 2)}`;

/**
 * «Guthaben» (GET /invoices/credit-balances, issue 22): every invoice a customer paid beyond what was
 * owed, with what is left of the excess; per row «Zurückzahlen» (POST /invoices/{id}/refund) and
 * «Verrechnen» with another open invoice of the same customer (POST /invoices/{id}/apply-credit).
 * Cards on phones, a table otherwise.
 */
export function CreditBalancesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const query = useCreditBalancesQuery(open);
  const [refunding, setRefunding] = useState<CreditBalanceDto | null>(null);
  const [applying, setApplying] = useState<CreditBalanceDto | null>(null);
  const items = query.data?.items ?? [];

  const buttons = (c: CreditBalanceDto, block = false) => (
    <Flex gap={8} wrap="wrap" justify="flex-end">
      <Button
        icon={<SwapOutlined />}
        block={block}
        onClick={() => setApplying(c)}
        aria-label={`${t('invoices.credits.apply')}: ${c.invoice_number}`}
      >
        {t('invoices.credits.apply')}
      </Button>
      <Button
        icon={<RollbackOutlined />}
        block={block}
        onClick={() => setRefunding(c)}
        aria-label={`${t('invoices.credits.refund')}: ${c.invoice_number}`}
      >
        {t('invoices.credits.refund')}
      </Button>
    </Flex>
  );

  return (
    <>
      <Modal
        open={open}
        title={t('invoices.credits.title')}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            {t('common.close')}
          </Button>
        }
        width={isMobile ? '100%' : 860}
      >
        <Typography.Paragraph type="secondary">{t('invoices.credits.hint')}</Typography.Paragraph>
        {query.isPending ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : query.isError ? (
          <LoadError
            title={t('invoices.credits.loadError')}
            detail={serverErrorText(query.error) ?? t('common.loadFailed')}
            retryLabel={t('common.retry')}
            onRetry={() => void query.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState icon={<WalletOutlined />} title={t('invoices.credits.empty')} />
        ) : isMobile ? (
          <Flex vertical gap={8}>
            {items.map((c) => (
              <Card key={c.invoice_id} size="small">
                <Flex vertical gap={6}>
                  <Flex justify="space-between" gap={8}>
                    <Typography.Text strong>{c.invoice_number}</Typography.Text>
                    <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                      {money(c)}
                    </Typography.Text>
                  </Flex>
                  <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                    {c.customer_name}
                  </Typography.Text>
                  {buttons(c, true)}
                </Flex>
              </Card>
            ))}
          </Flex>
        ) : (
          <Table<CreditBalanceDto>
            rowKey="invoice_id"
            size="small"
            pagination={false}
            dataSource={items}
            columns={[
              { title: t('invoices.columns.number'), key: 'number', render: (_, c) => c.invoice_number },
              { title: t('invoices.columns.customer'), key: 'customer', render: (_, c) => c.customer_name },
              {
                title: t('invoices.credits.amount'),
                key: 'amount',
                align: 'right',
                render: (_, c) => <span style={{ whiteSpace: 'nowrap' }}>{money(c)}</span>,
              },
              { title: t('common.actions'), key: 'actions', align: 'right', render: (_, c) => buttons(c) },
            ]}
          />
        )}
      </Modal>
      {refunding ? (
        <RefundModal
          open
          invoiceId={refunding.invoice_id}
          currency={refunding.currency}
          creditBalance={refunding.amount}
          onClose={() => setRefunding(null)}
        />
      ) : null}
      {applying ? <ApplyCreditModal credit={applying} onClose={() => setApplying(null)} /> : null}
    </>
  );
}
