import { useEffect, useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { AppstoreAddOutlined, FileAddOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Divider, Flex, Form, Input, InputNumber, Modal, Row, Typography } from 'antd';
import {
  QUOTE_DEFAULTS,
  emptyQuoteItem,
  quoteRequestSchema,
  type CustomerDto,
  type MaterialDto,
  type QuoteDto,
  type QuoteTemplateDto,
} from '@zunft/contracts';
import { FormModal, useIsMobile, zodRule } from '@zunft/ui-kit';
import { toast, toastFailure } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { quotesApi } from '../api/quotes.api';
import { quotesKeys, useCompanySettingsQuery, useSaveQuote } from '../api/useQuotes';
import { MaterialImportModal } from './MaterialImportModal';
import { SearchSelect } from '../../../shared/SearchSelect';
import { QuoteItemHeader, QuoteItemRow } from './QuoteItemRows';
import { QuoteTotalsPanel } from './QuoteTotalsPanel';
import { TemplatePickerModal } from './TemplatePickerModal';
import {
  appendItems,
  liveTotals,
  localToday,
  materialItems,
  newQuoteFormValues,
  templateFormValues,
  toQuoteFormValues,
  toQuoteRequest,
  type QuoteFormValues,
  type QuoteItemFormValues,
} from './quoteHelpers';

interface Props {
  open: boolean;
  /** null: create */
  quote: QuoteDto | null;
  /** Start values of a new quote (e.g. from a template); null: the defaults. */
  initial: QuoteFormValues | null;
  onClose: () => void;
}

const fields = quoteRequestSchema.shape;
const DATE_FORMAT = 'DD.MM.YYYY';
const dateItemProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/**
 * Create/edit a quote (part 2 §2, §5): customer, title, description, valid until (today + 30),
 * discount, travel allowance, VAT (company rate, 8.1 without it), notes, terms, the item rows with
 * live totals (`computeQuoteTotals`, 5-Rappen rounding), material import and templates.
 */
/** What the customer select shows of a customer (the quote itself only carries the name). */
type CustomerChoice = Pick<CustomerDto, 'id' | 'name'> & { customer_number: string | null };
const customerLabel = (c: CustomerChoice) => (c.customer_number ? `${c.name} (${c.customer_number})` : c.name);

export function QuoteFormModal({ open, quote, initial, onClose }: Props) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<QuoteFormValues>();
  const save = useSaveQuote();
  const settings = useCompanySettingsQuery(open);
  const [importOpen, setImportOpen] = useState(false);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [confirmModal, confirmHolder] = Modal.useModal();
  const hourlyRate = settings.data?.default_hourly_rate ?? null;
  const companyVat = settings.data?.vat_rate;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(quote ? toQuoteFormValues(quote) : (initial ?? newQuoteFormValues(localToday(), companyVat)));
    // Only when the dialog opens; the company VAT arriving later is handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, quote, initial, form]);

  // A new quote takes the company's VAT rate once the settings arrive, unless the user typed one.
  useEffect(() => {
    if (open && !quote && !initial && companyVat !== undefined && !form.isFieldTouched('vatRate')) {
      form.setFieldValue('vatRate', companyVat);
    }
  }, [open, quote, initial, companyVat, form]);

  const items = Form.useWatch('items', form) as QuoteItemFormValues[] | undefined;
  const discountPercent = Form.useWatch('discountPercent', form);
  const travelAllowance = Form.useWatch('travelAllowance', form);
  const vatRate = Form.useWatch('vatRate', form);
  const totals = useMemo(
    () => liveTotals({ items, discountPercent, travelAllowance, vatRate }),
    [items, discountPercent, travelAllowance, vatRate],
  );

  // The edited quote's customer keeps its name in the select without a search.
  const knownCustomer = useMemo(
    () => (quote ? { id: quote.customer_id, name: quote.customer_name, customer_number: null } : null),
    [quote],
  );

  const submit = async () => {
    const values = form.getFieldsValue(true) as QuoteFormValues;
    try {
      await save.mutateAsync({ id: quote?.id ?? null, body: toQuoteRequest(values) });
      toast.success(quote ? t('quotes.toast.updated') : t('quotes.toast.created'));
      onClose();
    } catch (error) {
      toastFailure(error, t('quotes.toast.saveError'));
    }
  };

  /*
   * Saving a sent quote makes it a draft again and the server voids the customer's acceptance link
   * (the content changed, the old link must not accept it): ask first. Cancel keeps the form as is.
   */
  const confirmAndSubmit = () => {
    if (quote?.status !== 'sent') {
      void submit();
      return;
    }
    void confirmModal.confirm({
      title: t('quotes.form.sentEditConfirmTitle'),
      content: t('quotes.form.sentEditConfirmText'),
      okText: t('common.save'),
      cancelText: t('common.cancel'),
      onOk: submit,
    });
  };

  const importMaterials = (materials: MaterialDto[]) => {
    const current = form.getFieldValue('items') as QuoteItemFormValues[] | undefined;
    const surchargeTitle = (name: string) => t('quotes.form.metalSurcharge', { name });
    form.setFieldValue(
      'items',
      appendItems(
        current,
        materials.flatMap((m) => materialItems(m, surchargeTitle)),
      ),
    );
    toast.success(t('quotes.toast.materialsImported', { count: materials.length }));
  };

  const applyTemplate = (template: QuoteTemplateDto) => {
    const customerId = form.getFieldValue('customerId') as string | undefined;
    form.setFieldsValue({ ...templateFormValues(template, localToday()), customerId });
    toast.success(t('quotes.toast.templateApplied', { name: template.name }));
  };

  return (
    <>
      {confirmHolder}
      <FormModal
        open={open}
        form={form}
        title={quote ? t('quotes.form.editTitle') : t('quotes.form.createTitle')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onCancel={onClose}
        confirmLoading={save.isPending}
        width={1040}
        style={isMobile ? { top: 0, maxWidth: '100%', margin: 0, paddingBottom: 0 } : undefined}
        mask={{ closable: false }}
      >
        <Form<QuoteFormValues>
          name="quote"
          form={form}
          layout="vertical"
          onFinish={confirmAndSubmit}
          scrollToFirstError
        >
          {!quote ? (
            <Flex justify="flex-end" style={{ marginBottom: 8 }}>
              <Button icon={<FileAddOutlined />} onClick={() => setTemplatesOpen(true)}>
                {t('quotes.form.fromTemplate')}
              </Button>
            </Flex>
          ) : null}
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item
                name="customerId"
                label={t('quotes.form.customer')}
                required
                rules={[zodRule(fields.customerId)]}
              >
                <SearchSelect<CustomerChoice>
                  enabled={open}
                  queryKey={quotesKeys.customers()}
                  search={quotesApi.customers}
                  byId={quotesApi.customer}
                  known={[knownCustomer]}
                  label={customerLabel}
                  placeholder={t('quotes.form.customerPlaceholder')}
                  notFoundContent={t('quotes.form.noCustomers')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="title" label={t('quotes.form.title')} required rules={[zodRule(fields.title)]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="description" label={t('quotes.form.description')} rules={[zodRule(fields.description)]}>
                <Input.TextArea rows={3} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={6}>
              <Form.Item
                name="validUntil"
                label={t('quotes.form.validUntil')}
                required
                rules={[zodRule(fields.validUntil)]}
                {...dateItemProps}
              >
                <DatePicker
                  format={DATE_FORMAT}
                  style={{ width: '100%' }}
                  inputReadOnly={isMobile}
                  allowClear={false}
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={12} md={6}>
              <Form.Item
                name="discountPercent"
                label={t('quotes.form.discountPercent')}
                rules={[zodRule(fields.discountPercent)]}
              >
                <InputNumber<number> min={0} max={100} step={0.1} inputMode="decimal" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={12} md={6}>
              <Form.Item
                name="travelAllowance"
                label={t('quotes.form.travelAllowance')}
                rules={[zodRule(fields.travelAllowance)]}
              >
                <InputNumber<number> min={0} step={0.01} inputMode="decimal" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={12} md={6}>
              <Form.Item name="vatRate" label={t('quotes.form.vatRate')} rules={[zodRule(fields.vatRate)]}>
                <InputNumber<number> min={0} max={100} step={0.1} inputMode="decimal" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>

          <Divider titlePlacement="start" style={{ margin: '8px 0 12px' }}>
            {t('quotes.form.items')}
          </Divider>
          <Form.List name="items">
            {(rows, { add, remove }) => (
              <Flex vertical gap={isMobile ? 12 : 0}>
                {!isMobile && rows.length > 0 ? <QuoteItemHeader /> : null}
                {rows.map((row, index) => (
                  <QuoteItemRow
                    key={row.key}
                    form={form}
                    name={row.name}
                    index={index}
                    total={totals.item_totals[index] ?? 0}
                    defaultHourlyRate={hourlyRate}
                    stacked={isMobile}
                    onRemove={() => remove(row.name)}
                  />
                ))}
                <Flex gap={8} wrap="wrap" style={{ marginTop: 12 }}>
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add(emptyQuoteItem())}
                    style={{ flex: isMobile ? '1 1 100%' : undefined }}
                  >
                    {t('quotes.items.add')}
                  </Button>
                  <Button
                    icon={<AppstoreAddOutlined />}
                    onClick={() => setImportOpen(true)}
                    style={{ flex: isMobile ? '1 1 100%' : undefined }}
                  >
                    {t('quotes.form.importMaterials')}
                  </Button>
                </Flex>
              </Flex>
            )}
          </Form.List>

          <Row gutter={16} style={{ marginTop: 16 }}>
            <Col xs={24} md={14}>
              <Form.Item name="notes" label={t('quotes.form.notes')} rules={[zodRule(fields.notes)]}>
                <Input.TextArea rows={3} />
              </Form.Item>
              <Form.Item
                name="termsConditions"
                label={t('quotes.form.terms')}
                rules={[zodRule(fields.termsConditions)]}
              >
                <Input.TextArea rows={3} />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
                {t('quotes.totals.title')}
              </Typography.Text>
              <QuoteTotalsPanel
                totals={{
                  ...totals,
                  travel_allowance: typeof travelAllowance === 'number' ? travelAllowance : 0,
                  discount_percent: typeof discountPercent === 'number' ? discountPercent : 0,
                  vat_rate: typeof vatRate === 'number' ? vatRate : QUOTE_DEFAULTS.vatRate,
                }}
              />
            </Col>
          </Row>
        </Form>
        <MaterialImportModal open={importOpen} onClose={() => setImportOpen(false)} onImport={importMaterials} />
        <TemplatePickerModal open={templatesOpen} onClose={() => setTemplatesOpen(false)} onPick={applyTemplate} />
      </FormModal>
    </>
  );
}
