import { Alert, Descriptions, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import type { PaymentCalculation } from '@zunft/contracts';
import { formatCHF, formatDate, serverErrorText } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';

export interface PaymentDialogState {
  userId: string;
  name: string;
  calculation: PaymentCalculation;
  /** A user created just now (cancel deletes it) rather than an existing inactive one. */
  pendingNew: boolean;
  /** The server's message of a 402 on activation, shown as a warning. */
  warning?: string;
}

interface Props {
  state: PaymentDialogState | null;
  paying: boolean;
  cancelling: boolean;
  error: unknown;
  onPay(method: 'stripe' | 'twint'): void;
  onCancel(): void;
}

/**
 * Part 2 §2 users screen: the payment dialog for an additional employee. The amount shown is the
 * server's pro-rata calculation; the server computes it again when the checkout opens.
 */
export function UserPaymentDialog({ state, paying, cancelling, error, onPay, onCancel }: Props) {
  const t = useAdminT();
  const [method, setMethod] = useState<'stripe' | 'twint'>('stripe');
  const calc = state?.calculation;
  return (
    <Modal
      open={state !== null}
      title={t('users.payment.title')}
      okText={t('users.payment.pay')}
      cancelText={state?.pendingNew ? t('users.payment.cancelPending') : t('common.cancel')}
      onOk={() => onPay(method)}
      onCancel={onCancel}
      confirmLoading={paying}
      cancelButtonProps={{ loading: cancelling, disabled: paying }}
      maskClosable={false}
      destroyOnHidden
    >
      {state && calc ? (
        <>
          {state.warning ? <Alert type="warning" showIcon title={state.warning} style={{ marginBottom: 12 }} /> : null}
          <Typography.Paragraph>{t('users.payment.intro', { name: state.name })}</Typography.Paragraph>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'desc', label: t('users.payment.description'), children: calc.description },
              {
                key: 'price',
                label: t('users.payment.pricePerUser'),
                children: `${formatCHF(calc.price_per_user)} / ${t(`users.payment.cycles.${calc.billing_cycle}`)}`,
              },
              { key: 'days', label: t('users.payment.daysRemaining'), children: String(calc.days_remaining) },
              { key: 'rate', label: t('users.payment.dailyRate'), children: `CHF ${calc.daily_rate.toFixed(4)}` },
              {
                key: 'amount',
                label: t('users.payment.amount'),
                children: <strong data-testid="prorata-amount">{formatCHF(calc.prorata_amount)}</strong>,
              },
              { key: 'next', label: t('users.payment.nextBilling'), children: formatDate(calc.next_billing_date) },
            ]}
          />
          <div style={{ marginTop: 16 }}>
            <Radio.Group
              aria-label={t('users.payment.method')}
              value={method}
              onChange={(e) => setMethod(e.target.value as 'stripe' | 'twint')}
              optionType="button"
              options={[
                { label: t('users.payment.card'), value: 'stripe' },
                { label: 'TWINT', value: 'twint' },
              ]}
            />
          </div>
          {error ? (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 12 }}
              title={serverErrorText(error) ?? t('users.payment.failed')}
            />
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
