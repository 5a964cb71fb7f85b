import { useState } from 'react';
import { RollbackOutlined, SwapOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { CreditBalanceDto } from '@zunft/contracts';
import { formatNumber } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { useCreditBalancesQuery } from '../api/useInvoices';
import { ApplyCreditModal } from './ApplyCreditModal';
import { CreditListModal } from './CreditListModal';
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
      <CreditListModal<CreditBalanceDto>
        open={open}
        title={t('invoices.credits.title')}
        hint={t('invoices.credits.hint')}
        loadError={t('invoices.credits.loadError')}
        emptyIcon={<WalletOutlined />}
        emptyTitle={t('invoices.credits.empty')}
        query={query}
        items={items}
        rowKey={(c) => c.invoice_id}
        card={(c) => (
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
        )}
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
        onClose={onClose}
      />
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
