import { useEffect, useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { VAT_RATES, type CreateInvoiceRequest, type CustomerDto, type QuoteDto } from '@zunft/contracts';
import { formatCHF, formatNumber, toast, toastFailure } from '@zunft/web-common';
import { FormModal, zunftColors } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { SearchSelect } from '../../../shared/SearchSelect';
import { invoicesApi } from '../api/invoices.api';
import { invoicesKeys, useCreateInvoice } from '../api/useInvoices';

interface ItemValues {
  title: string;
  quantity: number | null;
  unit: string;
  unitPrice: number | null;
  /** Empty: the company's rate (the server's default). */
  vatRate?: number | null;
}

interface Values {
  source?: 'quote' | 'free';
  quoteId?: string;
  customerId?: string;
  items: ItemValues[];
  notes?: string;
}

const quoteLabel = (q: QuoteDto) => `${q.quote_number} · ${q.title} · ${q.customer_name} · ${formatCHF(q.total)}`;

const EMPTY_ITEM: ItemValues = { title: '', quantity: 1, unit: 'Stk', unitPrice: null };
const START: Values = { items: [EMPTY_ITEM], notes: '' };

/** The request of the form: an accepted quote's items, or a customer with free lines. */
export function toCreateInvoiceRequest(values: Values): CreateInvoiceRequest {
  if (values.source !== 'free') return { quoteId: values.quoteId ?? '' };
  // Free lines are typed 'other'; the server computes VAT and the 5-Rappen rounding.
  const notes = values.notes?.trim();
  return {
    customerId: values.customerId ?? '',
    items: values.items.map((item) => ({
      title: item.title.trim(),
      quantity: Number(item.quantity),
      unit: item.unit.trim() || 'Stk',
      unitPrice: Number(item.unitPrice),
      ...(item.vatRate === undefined || item.vatRate === null ? {} : { vatRate: item.vatRate }),
    })),
    ...(notes ? { notes } : {}),
  };
}

/** 'Neue Rechnung': from an accepted quote's items or from free lines (issue 11). */
export function NewInvoiceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useBillingT();
  const [form] = Form.useForm<Values>();
  const [source, setSource] = useState<Values['source']>('quote');
  const fromQuote = source === 'quote';
  const create = useCreateInvoice();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setSource('quote');
  }, [open, form]);

  const submit = async (values: Values) => {
    try {
      const invoice = await create.mutateAsync(toCreateInvoiceRequest({ ...values, source }));
      toast.success(t('invoices.toast.created', { number: invoice.invoice_number }));
      onClose();
    } catch (error) {
      toastFailure(error, t('invoices.toast.createError'));
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      width={720}
      title={t('invoices.create.title')}
      okText={t('invoices.create.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={START}
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item label={t('invoices.create.source')}>
          <Radio.Group
            value={source}
            onChange={(e) => setSource(e.target.value as Values['source'])}
            options={[
              { value: 'quote', label: t('invoices.create.fromQuote') },
              { value: 'free', label: t('invoices.create.freeLines') },
            ]}
          />
        </Form.Item>
        {/* Both sources stay mounted (the other one hidden) and only the chosen one is required,
            so switching back and forth keeps what was typed. */}
        <Form.Item
          name="quoteId"
          label={t('invoices.create.quote')}
          hidden={!fromQuote}
          rules={[{ required: fromQuote, message: t('invoices.create.quoteRequired') }]}
        >
          <SearchSelect<QuoteDto>
            enabled={open}
            queryKey={invoicesKeys.acceptedQuotes()}
            search={invoicesApi.acceptedQuotes}
            byId={invoicesApi.quote}
            label={quoteLabel}
            placeholder={t('invoices.create.quotePlaceholder')}
            notFoundContent={t('invoices.create.noQuotes')}
          />
        </Form.Item>
        <div hidden={fromQuote}>
          <Form.Item
            name="customerId"
            label={t('invoices.create.customer')}
            rules={[{ required: !fromQuote, message: t('invoices.create.customerRequired') }]}
          >
            <SearchSelect<CustomerDto>
              enabled={open}
              queryKey={invoicesKeys.customerSearch()}
              search={invoicesApi.searchCustomers}
              byId={invoicesApi.customer}
              label={(c) => c.name}
              placeholder={t('invoices.create.customerPlaceholder')}
              notFoundContent={t('invoices.create.noCustomers')}
            />
          </Form.Item>
          <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
            {t('invoices.create.items')}
          </Typography.Text>
          <Form.List
            name="items"
            rules={[
              {
                validator: async (_rule, items: unknown[] | undefined) => {
                  if (!fromQuote && (!items || items.length === 0)) throw new Error(t('invoices.create.itemsRequired'));
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <Flex vertical gap={8}>
                {fields.map((field, index) => (
                  <Flex
                    key={field.key}
                    gap={8}
                    wrap="wrap"
                    align="flex-start"
                    style={{ borderBottom: `1px solid ${zunftColors.border}`, paddingBottom: 8 }}
                  >
                    <Form.Item
                      name={[field.name, 'title']}
                      label={t('invoices.create.itemTitle')}
                      style={{ flex: '2 1 220px', marginBottom: 0 }}
                      rules={[
                        { required: !fromQuote, whitespace: true, message: t('invoices.create.itemTitleRequired') },
                      ]}
                    >
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'quantity']}
                      label={t('invoices.create.quantity')}
                      style={{ flex: '1 1 80px', marginBottom: 0 }}
                      rules={[
                        { required: !fromQuote, type: 'number', min: 0.01, message: t('invoices.payments.amountMin') },
                      ]}
                    >
                      <InputNumber min={0.01} step={0.01} inputMode="decimal" style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'unit']}
                      label={t('invoices.create.unit')}
                      style={{ flex: '1 1 70px', marginBottom: 0 }}
                    >
                      <Input maxLength={20} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'unitPrice']}
                      label={t('invoices.create.unitPrice')}
                      style={{ flex: '1 1 110px', marginBottom: 0 }}
                      rules={[
                        {
                          required: !fromQuote,
                          type: 'number',
                          min: 0,
                          message: t('invoices.payments.amountRequired'),
                        },
                      ]}
                    >
                      <InputNumber min={0} step={0.01} precision={2} inputMode="decimal" style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'vatRate']}
                      label={t('invoices.creditNotes.vatRate')}
                      style={{ flex: '1 1 90px', marginBottom: 0 }}
                    >
                      <Select
                        allowClear
                        aria-label={`${t('invoices.creditNotes.vatRate')} ${index + 1}`}
                        options={VAT_RATES.map((rate) => ({ value: rate, label: `${formatNumber(rate, 1)} %` }))}
                      />
                    </Form.Item>
                    <Button
                      aria-label={`${t('invoices.create.removeItem')} ${index + 1}`}
                      icon={<DeleteOutlined />}
                      disabled={fields.length === 1}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: 30 }}
                    />
                  </Flex>
                ))}
                <Form.ErrorList errors={errors} />
                <Button icon={<PlusOutlined />} onClick={() => add({ ...EMPTY_ITEM })}>
                  {t('invoices.create.addItem')}
                </Button>
              </Flex>
            )}
          </Form.List>
          <Form.Item name="notes" label={t('invoices.create.notes')} style={{ marginTop: 12 }}>
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
        </div>
      </Form>
    </FormModal>
  );
}
