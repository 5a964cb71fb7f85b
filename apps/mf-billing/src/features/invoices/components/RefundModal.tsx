import { useEffect } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, Form, InputNumber, Typography } from 'antd';
import { formatNumber, toast, toastFailure } from '@zunft/web-common';
import { FormModal, useIsMobile } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useRefund } from '../api/useInvoices';
import { localToday } from './invoiceHelpers';

interface RefundValues {
  amount: number | null;
  date: string;
}

const dateItemProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/**
 * «Guthaben zurückzahlen» (POST /invoices/{id}/refund): pays back all or part of what the customer
 * paid beyond the invoice (the credit balance); booked as a `refund` entry in the Kontoauszug.
 */
export function RefundModal({
  open,
  invoiceId,
  currency,
  creditBalance,
  onClose,
}: {
  open: boolean;
  invoiceId: string;
  currency: string;
  creditBalance: number;
  onClose: () => void;
}) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<RefundValues>();
  const refund = useRefund();
  const money = (value: number) => `${currency} ${formatNumber(value, 2)}`;

  useEffect(() => {
    if (open) form.setFieldsValue({ amount: creditBalance, date: localToday() });
  }, [open, form, creditBalance]);

  const submit = async (values: RefundValues) => {
    const amount = Number(values.amount);
    try {
      await refund.mutateAsync({ id: invoiceId, body: { amount, date: values.date } });
      toast.success(t('invoices.refund.done', { amount: money(amount) }));
      onClose();
    } catch (error) {
      toastFailure(error, t('invoices.refund.error'));
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={t('invoices.refund.title')}
      okText={t('invoices.refund.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: refund.isPending }}
      onCancel={onClose}
      width={480}
    >
      <Typography.Paragraph type="secondary">
        {t('invoices.refund.hint', { amount: money(creditBalance) })}
      </Typography.Paragraph>
      <Form<RefundValues>
        form={form}
        name="refund"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        aria-label={t('invoices.refund.title')}
      >
        <Form.Item
          name="amount"
          label={t('invoices.refund.amount')}
          rules={[
            { required: true, message: t('invoices.refund.amountRequired') },
            { type: 'number', min: 0.01, message: t('invoices.refund.amountMin') },
            {
              type: 'number',
              max: creditBalance,
              message: t('invoices.refund.amountMax', { amount: money(creditBalance) }),
            },
          ]}
        >
          <InputNumber min={0} step={0.01} precision={2} inputMode="decimal" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="date"
          label={t('invoices.refund.date')}
          rules={[{ required: true, message: t('invoices.refund.dateRequired') }]}
          {...dateItemProps}
        >
          <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} inputReadOnly={isMobile} allowClear={false} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
