import { LinkOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { UnmatchedCreditDto } from '@zunft/contracts';
import { formatCHF, formatDate } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import type { UseQueryResult } from '@tanstack/react-query';
import type { UnmatchedCreditListResponse } from '@zunft/contracts';
import type { AssignableCredit } from './AssignCreditModal';
import { CreditListModal } from './CreditListModal';
import { formatReference } from './invoiceHelpers';

export function toAssignable(c: UnmatchedCreditDto): AssignableCredit {
  return {
    id: c.id,
    amount: c.amount,
    currency: c.currency,
    reference: c.reference,
    debtor_name: c.debtor_name,
    date: c.booking_date,
  };
}

function amountText(c: UnmatchedCreditDto): string {
  return c.currency === 'CHF' ? formatCHF(c.amount) : `${c.currency} ${c.amount.toFixed(2)}`;
}

/**
 * 'Nicht zugeordnete Zahlungen': the stored credits of earlier imports (booking date, amount,
 * reference, debtor), each with 'Zuordnen'. Cards on phones, a table otherwise.
 */
export function UnmatchedCreditsModal({
  open,
  query,
  onClose,
  onAssign,
}: {
  open: boolean;
  query: UseQueryResult<UnmatchedCreditListResponse>;
  onClose: () => void;
  onAssign: (credit: AssignableCredit) => void;
}) {
  const t = useBillingT();
  const credits = query.data?.items ?? [];
  const assignButton = (c: UnmatchedCreditDto, block = false) => (
    <Button
      icon={<LinkOutlined />}
      onClick={() => onAssign(toAssignable(c))}
      aria-label={`${t('invoices.assign.action')}: ${amountText(c)}`}
      block={block}
    >
      {t('invoices.assign.action')}
    </Button>
  );

  return (
    <CreditListModal<UnmatchedCreditDto>
      open={open}
      title={t('invoices.unmatched.title', { count: credits.length })}
      hint={t('invoices.unmatched.hint')}
      loadError={t('invoices.unmatched.loadError')}
      emptyIcon={<LinkOutlined />}
      emptyTitle={t('invoices.unmatched.empty')}
      query={query}
      items={credits}
      rowKey={(c) => c.id}
      card={(c) => (
        <Flex vertical gap={4}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text>{c.debtor_name ?? '–'}</Typography.Text>
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
              {amountText(c)}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('invoices.unmatched.date')}: {formatDate(c.booking_date ?? c.created_at)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
            {t('invoices.import.reference')}: {formatReference(c.reference)}
          </Typography.Text>
          {assignButton(c, true)}
        </Flex>
      )}
      columns={[
        {
          title: t('invoices.unmatched.date'),
          key: 'date',
          render: (_, c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(c.booking_date ?? c.created_at)}</span>,
        },
        {
          title: t('invoices.import.amount'),
          key: 'amount',
          align: 'right',
          render: (_, c) => <span style={{ whiteSpace: 'nowrap' }}>{amountText(c)}</span>,
        },
        {
          title: t('invoices.import.reference'),
          key: 'reference',
          render: (_, c) => <span style={{ overflowWrap: 'anywhere' }}>{formatReference(c.reference)}</span>,
        },
        { title: t('invoices.import.debtor'), key: 'debtor', render: (_, c) => c.debtor_name ?? '–' },
        { title: t('common.actions'), key: 'actions', align: 'right', render: (_, c) => assignButton(c) },
      ]}
      onClose={onClose}
    />
  );
}
