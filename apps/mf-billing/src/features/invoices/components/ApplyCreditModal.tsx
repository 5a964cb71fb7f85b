import { useEffect } from 'react';
import { Form, InputNumber, Select, Typography } from 'antd';
import type { CreditBalanceDto } from '@zunft/contracts';
import { formatNumber, toast, toastFailure } from '@zunft/web-common';
import { FormModal } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useApplyCredit, useOpenInvoicesOfCustomer } from '../api/useInvoices';

interface ApplyValues {
  targetInvoiceId: string | null;
  amount: number | null;
}

/**
 * «Guthaben verrechnen» (POST /invoices/{id}/apply-credit): uses (part of) a credit balance on another
 * open invoice of the same customer and currency; the default amount is the smaller of the credit and
 * what the chosen invoice has open. Books a `refund` entry on the source and a `payment` on the target.
 */
export function ApplyCreditModal({ credit, onClose }: { credit: CreditBalanceDto; onClose: () => void }) {
  const t = useBillingT();
  const [form] = Form.useForm<ApplyValues>();
  const targets = useOpenInvoicesOfCustomer(credit.customer_id);
  const apply = useApplyCredit();
  const targetId = Form.useWatch('targetInvoiceId', form);
  const money = (value: number) => `${credit.currency} ${formatNumber(value, 2)}`;
  const options = (targets.data ?? []).filter((i) => i.id !== credit.invoice_id && i.currency === credit.currency);
  const target = options.find((i) => i.id === targetId) ?? null;
  const max = target ? Math.min(credit.amount, target.open_amount) : credit.amount;

  useEffect(() => {
    if (target) form.setFieldsValue({ amount: Math.min(credit.amount, target.open_amount) });
  }, [target, credit.amount, form]);

  const submit = async (values: ApplyValues) => {
    if (!values.targetInvoiceId || !target) return;
    const amount = Number(values.amount);
    try {
      await apply.mutateAsync({ id: credit.invoice_id, body: { targetInvoiceId: values.targetInvoiceId, amount } });
      toast.success(t('invoices.credits.applied', { amount: money(amount), number: target.invoice_number }));
      onClose();
    } catch (error) {
      toastFailure(error, t('invoices.credits.applyError'));
    }
  };

  return (
    <FormModal
      form={form}
      open
      title={t('invoices.credits.applyTitle', { number: credit.invoice_number })}
      okText={t('invoices.credits.applySubmit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: apply.isPending, disabled: options.length === 0 }}
      onCancel={onClose}
      width={520}
    >
      <Typography.Paragraph type="secondary">
        {t('invoices.credits.applyHint', { amount: money(credit.amount), customer: credit.customer_name })}
      </Typography.Paragraph>
      {targets.isSuccess && options.length === 0 ? (
        <Typography.Paragraph type="warning">{t('invoices.credits.noTargets')}</Typography.Paragraph>
      ) : null}
      <Form<ApplyValues>
        form={form}
        name="apply-credit"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        aria-label={t('invoices.credits.applyTitle', { number: credit.invoice_number })}
      >
        <Form.Item
          name="targetInvoiceId"
          label={t('invoices.credits.target')}
          rules={[{ required: true, message: t('invoices.credits.targetRequired') }]}
        >
          <Select
            loading={targets.isPending}
            placeholder={t('invoices.credits.targetPlaceholder')}
            options={options.map((i) => ({
              value: i.id,
              label: `${i.invoice_number} · ${t('invoices.credits.open')} ${money(i.open_amount)}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('invoices.credits.amount')}
          rules={[
            { required: true, message: t('invoices.refund.amountRequired') },
            { type: 'number', min: 0.01, message: t('invoices.refund.amountMin') },
            { type: 'number', max, message: t('invoices.credits.amountMax', { amount: money(max) }) },
          ]}
        >
          <InputNumber min={0} step={0.01} precision={2} inputMode="decimal" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
