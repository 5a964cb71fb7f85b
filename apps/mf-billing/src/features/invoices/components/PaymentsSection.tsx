import { useEffect } from 'react';
import { PlusOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Flex, Form, InputNumber, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { INVOICE_PAYMENT_METHODS, type InvoicePaymentDto, type InvoicePaymentMethod } from '@zunft/contracts';
import { formatCHF, formatDate, toast, toastFailure } from '@zunft/web-common';
import { useIsMobile, zunftColors } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useRecordPayment, useReversePayment } from '../api/useInvoices';
import { localToday } from './invoiceHelpers';

interface PaymentValues {
  amount: number | null;
  paymentDate: string;
  method: InvoicePaymentMethod;
}

const DATE_FORMAT = 'DD.MM.YYYY';
const dateItemProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

function methodLabel(t: ReturnType<typeof useBillingT>, method: string | null | undefined): string {
  return method && (INVOICE_PAYMENT_METHODS as readonly string[]).includes(method)
    ? t(`invoices.method.${method}`)
    : t('invoices.method.standard');
}

/** 'Bankdatei · Zahler', 'Als bezahlt markiert', 'Von Hand · Anna Muster'. */
function sourceLabel(t: ReturnType<typeof useBillingT>, p: InvoicePaymentDto): string {
  const who = p.source === 'camt054' ? p.debtor_name : p.created_by_name;
  const what = t(`invoices.payments.sources.${p.source}`);
  return who ? `${what} · ${who}` : what;
}

/**
 * «Zahlung stornieren» (DELETE /invoices/{id}/payments/{paymentId}): books a payment_reversal; the
 * payment stays listed as reversed. A reversed payment shows the day instead of the button.
 */
function ReversePayment({ invoiceId, payment }: { invoiceId: string; payment: InvoicePaymentDto }) {
  const t = useBillingT();
  const reverse = useReversePayment();
  if (payment.reversed_at) {
    return <Tag color="default">{t('invoices.payments.reversed', { date: formatDate(payment.reversed_at) })}</Tag>;
  }
  const submit = async () => {
    try {
      await reverse.mutateAsync({ id: invoiceId, paymentId: payment.id });
      toast.success(t('invoices.toast.paymentReversed', { amount: formatCHF(payment.amount) }));
    } catch (error) {
      toastFailure(error, t('invoices.toast.reverseError'));
    }
  };
  return (
    <Popconfirm
      title={t('invoices.payments.reverseConfirm', {
        amount: formatCHF(payment.amount),
        date: formatDate(payment.payment_date),
      })}
      description={t('invoices.payments.reverseHint')}
      okText={t('invoices.payments.reverse')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => submit()}
    >
      <Button size="small" danger icon={<UndoOutlined />} loading={reverse.isPending}>
        {t('invoices.payments.reverse')}
      </Button>
    </Popconfirm>
  );
}

/** The invoice's payments and a form for a (partial) payment: POST /invoices/{id}/payments. */
export function PaymentsSection({
  invoiceId,
  payments,
  open,
  canRecord,
  canReverse,
}: {
  invoiceId: string;
  payments: InvoicePaymentDto[];
  /** What is still open: the form's default amount. */
  open: number;
  canRecord: boolean;
  /** «Zahlung stornieren» per payment: on an issued invoice (the ledger's DELETE of a payment). */
  canReverse: boolean;
}) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<PaymentValues>();
  const record = useRecordPayment();

  useEffect(() => {
    if (canRecord) form.setFieldsValue({ amount: open > 0 ? open : null, paymentDate: localToday(), method: 'bank' });
  }, [form, open, invoiceId, canRecord]);

  const submit = async (values: PaymentValues) => {
    const amount = Number(values.amount);
    try {
      await record.mutateAsync({
        id: invoiceId,
        body: { amount, paymentDate: values.paymentDate, method: values.method },
      });
      toast.success(t('invoices.toast.paymentRecorded', { amount: formatCHF(amount) }));
    } catch (error) {
      toastFailure(error, t('invoices.toast.paymentError'));
    }
  };

  return (
    <div>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {t('invoices.payments.title')}
      </Typography.Text>
      {payments.length === 0 ? (
        <Typography.Text type="secondary">{t('invoices.payments.none')}</Typography.Text>
      ) : isMobile ? (
        <Flex vertical gap={6}>
          {payments.map((p) => (
            <Flex
              key={p.id}
              justify="space-between"
              gap={8}
              style={{ borderBottom: `1px solid ${zunftColors.border}`, paddingBottom: 6 }}
            >
              <span>
                {formatDate(p.payment_date)} · {methodLabel(t, p.method)}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, wordBreak: 'break-all' }}>
                  {sourceLabel(t, p)}
                </Typography.Text>
              </span>
              <Flex vertical align="flex-end" gap={4}>
                <Typography.Text strong delete={Boolean(p.reversed_at)} style={{ whiteSpace: 'nowrap' }}>
                  {formatCHF(p.amount)}
                </Typography.Text>
                {canReverse ? <ReversePayment invoiceId={invoiceId} payment={p} /> : null}
              </Flex>
            </Flex>
          ))}
        </Flex>
      ) : (
        <Table<InvoicePaymentDto>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={payments}
          columns={[
            { title: t('invoices.payments.date'), key: 'date', render: (_, p) => formatDate(p.payment_date) },
            { title: t('invoices.payments.method'), key: 'method', render: (_, p) => methodLabel(t, p.method) },
            {
              title: t('invoices.payments.source'),
              key: 'source',
              render: (_, p) => sourceLabel(t, p),
            },
            {
              title: t('invoices.payments.amount'),
              key: 'amount',
              align: 'right',
              render: (_, p) => (
                <Typography.Text delete={Boolean(p.reversed_at)}>{formatCHF(p.amount)}</Typography.Text>
              ),
            },
            ...(canReverse
              ? [
                  {
                    title: t('common.actions'),
                    key: 'reverse',
                    align: 'right' as const,
                    render: (_: unknown, p: InvoicePaymentDto) => <ReversePayment invoiceId={invoiceId} payment={p} />,
                  },
                ]
              : []),
          ]}
        />
      )}
      {canRecord ? (
        <Form<PaymentValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void submit(values)}
          style={{ marginTop: 12 }}
          aria-label={t('invoices.payments.recordTitle')}
        >
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('invoices.payments.openHint', { amount: formatCHF(open) })}
          </Typography.Text>
          <Flex gap={12} wrap="wrap" align="flex-end">
            <Form.Item
              name="amount"
              label={t('invoices.payments.amount')}
              style={{ flex: '1 1 140px', marginBottom: 8 }}
              rules={[
                { required: true, message: t('invoices.payments.amountRequired') },
                { type: 'number', min: 0.01, message: t('invoices.payments.amountMin') },
              ]}
            >
              <InputNumber min={0.01} step={0.01} precision={2} inputMode="decimal" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="paymentDate"
              label={t('invoices.payments.date')}
              style={{ flex: '1 1 140px', marginBottom: 8 }}
              rules={[{ required: true, message: t('invoices.payments.dateRequired') }]}
              {...dateItemProps}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} inputReadOnly={isMobile} allowClear={false} />
            </Form.Item>
            <Form.Item
              name="method"
              label={t('invoices.payments.method')}
              style={{ flex: '1 1 140px', marginBottom: 8 }}
              rules={[{ required: true, message: t('invoices.payments.methodRequired') }]}
            >
              <Select options={INVOICE_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`invoices.method.${m}`) }))} />
            </Form.Item>
            <Form.Item style={{ flex: '1 1 140px', marginBottom: 8 }}>
              <Button htmlType="submit" icon={<PlusOutlined />} loading={record.isPending} block>
                {t('invoices.payments.record')}
              </Button>
            </Form.Item>
          </Flex>
        </Form>
      ) : null}
    </div>
  );
}
