import { useEffect } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { VAT_RATES, type CreateCreditNoteRequest, type InvoiceDetailDto } from '@zunft/contracts';
import { formatNumber, toast, toastFailure } from '@zunft/web-common';
import { FormModal, zunftColors } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useCreateCreditNote } from '../api/useInvoices';

interface LineValues {
  title: string;
  quantity: number | null;
  unitPrice: number | null;
  vatRate: number;
}

export interface CreditNoteValues {
  reason: string;
  mode: 'amount' | 'lines';
  amount: number | null;
  items: LineValues[];
}

const MAX_REASON = 500;

/** The request of the form: a gross amount, or net lines each with its VAT rate. */
export function toCreditNoteRequest(values: CreditNoteValues): CreateCreditNoteRequest {
  const reason = values.reason.trim();
  if (values.mode === 'amount') return { reason, amount: Number(values.amount) };
  return {
    reason,
    items: values.items.map((line) => ({
      title: line.title.trim(),
      quantity: Number(line.quantity),
      unitPrice: Number(line.unitPrice),
      vatRate: line.vatRate,
    })),
  };
}

/** The invoice's own rate when it is one of the allowed ones, else the standard rate. */
function defaultRate(invoice: Pick<InvoiceDetailDto, 'vat_rate'>): number {
  return (VAT_RATES as readonly number[]).includes(invoice.vat_rate) ? invoice.vat_rate : VAT_RATES[0];
}

/**
 * «Gutschrift erstellen» (POST /invoices/{id}/credit-notes): a reason and either a gross amount or
 * lines with their VAT rate. The credit note gets its own number and lowers the open amount.
 */
export function CreditNoteModal({
  invoice,
  open,
  onClose,
}: {
  invoice: InvoiceDetailDto;
  open: boolean;
  onClose: () => void;
}) {
  const t = useBillingT();
  const [form] = Form.useForm<CreditNoteValues>();
  const mode = Form.useWatch('mode', form) ?? 'amount';
  const create = useCreateCreditNote();
  const money = (value: number) => `${invoice.currency} ${formatNumber(value, 2)}`;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      reason: '',
      mode: 'amount',
      amount: null,
      items: [{ title: '', quantity: 1, unitPrice: null, vatRate: defaultRate(invoice) }],
    });
  }, [open, form, invoice]);

  const submit = async (values: CreditNoteValues) => {
    try {
      const note = await create.mutateAsync({ id: invoice.id, body: toCreditNoteRequest(values) });
      toast.success(t('invoices.creditNotes.created', { number: note.credit_note_number, amount: money(note.total) }));
      onClose();
    } catch (error) {
      toastFailure(error, t('invoices.creditNotes.createError'));
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={t('invoices.creditNotes.dialogTitle', { number: invoice.invoice_number })}
      okText={t('invoices.creditNotes.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: create.isPending }}
      onCancel={onClose}
      width={720}
    >
      <Typography.Paragraph type="secondary">{t('invoices.creditNotes.hint')}</Typography.Paragraph>
      <Form<CreditNoteValues>
        form={form}
        name="creditNote"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        aria-label={t('invoices.creditNotes.dialogTitle', { number: invoice.invoice_number })}
      >
        <Form.Item
          name="reason"
          label={t('invoices.creditNotes.reason')}
          rules={[
            { required: true, whitespace: true, message: t('invoices.creditNotes.reasonRequired') },
            { max: MAX_REASON, message: t('invoices.creditNotes.reasonTooLong', { max: MAX_REASON }) },
          ]}
        >
          <Input.TextArea rows={2} maxLength={MAX_REASON} />
        </Form.Item>
        <Form.Item name="mode" label={t('invoices.creditNotes.mode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'amount', label: t('invoices.creditNotes.byAmount') },
              { value: 'lines', label: t('invoices.creditNotes.byLines') },
            ]}
          />
        </Form.Item>
        {mode === 'amount' ? (
          <Form.Item
            name="amount"
            label={t('invoices.creditNotes.amount')}
            extra={t('invoices.creditNotes.amountHint')}
            rules={[
              { required: true, message: t('invoices.creditNotes.amountRequired') },
              { type: 'number', min: 0.01, message: t('invoices.payments.amountMin') },
              {
                type: 'number',
                max: invoice.total_amount,
                message: t('invoices.creditNotes.amountMax', { amount: money(invoice.total_amount) }),
              },
            ]}
          >
            <InputNumber min={0} step={0.05} precision={2} inputMode="decimal" style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <Form.List
            name="items"
            rules={[
              {
                validator: async (_rule, items: unknown[] | undefined) => {
                  if (!items || items.length === 0) throw new Error(t('invoices.create.itemsRequired'));
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
                      style={{ flex: '2 1 200px', marginBottom: 0 }}
                      rules={[{ required: true, whitespace: true, message: t('invoices.create.itemTitleRequired') }]}
                    >
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'quantity']}
                      label={t('invoices.create.quantity')}
                      style={{ flex: '1 1 70px', marginBottom: 0 }}
                      rules={[{ required: true, type: 'number', min: 0.01, message: t('invoices.payments.amountMin') }]}
                    >
                      <InputNumber min={0.01} step={0.01} inputMode="decimal" style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'unitPrice']}
                      label={t('invoices.creditNotes.netPrice')}
                      style={{ flex: '1 1 100px', marginBottom: 0 }}
                      rules={[{ required: true, type: 'number', min: 0.01, message: t('invoices.payments.amountMin') }]}
                    >
                      <InputNumber min={0.01} step={0.05} precision={2} inputMode="decimal" style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'vatRate']}
                      label={t('invoices.creditNotes.vatRate')}
                      style={{ flex: '1 1 90px', marginBottom: 0 }}
                    >
                      <Select
                        aria-label={`${t('invoices.creditNotes.vatRate')} ${index + 1}`}
                        options={VAT_RATES.map((rate) => ({ value: rate, label: `${formatNumber(rate, 1)} %` }))}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('invoices.create.removeItem')} ${index + 1}`}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: 30 }}
                    />
                  </Flex>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ title: '', quantity: 1, unitPrice: null, vatRate: defaultRate(invoice) })}
                >
                  {t('invoices.create.addItem')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Flex>
            )}
          </Form.List>
        )}
      </Form>
    </FormModal>
  );
}
