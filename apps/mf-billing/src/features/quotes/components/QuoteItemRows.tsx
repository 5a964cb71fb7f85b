import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Typography, type FormInstance } from 'antd';
import { QUOTE_ITEM_TYPES, quoteItemRequestSchema, type QuoteItemType } from '@zunft/contracts';
import { formatCHF } from '@zunft/web-common';
import { zodRule, zunftColors } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { withItemType, type QuoteFormValues, type QuoteItemFormValues } from './quoteHelpers';

const itemFields = quoteItemRequestSchema.shape;

interface Props {
  form: FormInstance<QuoteFormValues>;
  /** Field of Form.List. */
  name: number;
  index: number;
  /** Live total of this row (quantity × unit price). */
  total: number;
  defaultHourlyRate: number | null;
  /** Phones: the row becomes a card with labelled, stacked fields. */
  stacked: boolean;
  onRemove: () => void;
}

/**
 * One item of the quote form (part 2 §3, §5): type, title, description, quantity (step 0.01), unit,
 * unit price (step 0.01), the row total and a remove button. Choosing labor or travel sets unit h
 * and the company's hourly rate; material and other set Stk.
 */
export function QuoteItemRow({ form, name, index, total, defaultHourlyRate, stacked, onRemove }: Props) {
  const t = useBillingT();
  const label = (text: string) => (stacked ? text : undefined);
  const onTypeChange = (type: QuoteItemType) => {
    const current = (form.getFieldValue(['items', name]) ?? { type }) as QuoteItemFormValues;
    const next = withItemType(current, type, defaultHourlyRate);
    form.setFieldValue(['items', name, 'unit'], next.unit);
    form.setFieldValue(['items', name, 'unitPrice'], next.unitPrice);
    form.setFieldValue(['items', name, 'materialId'], next.materialId);
  };
  const itemStyle = { marginBottom: stacked ? 12 : 0 };
  /** Quantity and unit price: required decimals in steps of 0.01, checked by the contract's rule. */
  const decimalItem = (field: 'quantity' | 'unitPrice') => (
    <Form.Item
      name={[name, field]}
      label={label(t(`quotes.items.${field}`))}
      required={stacked}
      rules={[zodRule(itemFields[field])]}
      style={itemStyle}
    >
      <InputNumber<number>
        aria-label={t(`quotes.items.${field}`)}
        min={0}
        step={0.01}
        inputMode="decimal"
        style={{ width: '100%' }}
      />
    </Form.Item>
  );

  const fields = (
    <Row gutter={[8, stacked ? 0 : 8]} align="top">
      <Col xs={24} md={4}>
        <Form.Item name={[name, 'type']} label={label(t('quotes.items.type'))} style={itemStyle}>
          <Select<QuoteItemType>
            aria-label={t('quotes.items.type')}
            onChange={onTypeChange}
            options={QUOTE_ITEM_TYPES.map((type) => ({ value: type, label: t(`quotes.items.types.${type}`) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name={[name, 'title']}
          label={label(t('quotes.items.title'))}
          required={stacked}
          rules={[zodRule(itemFields.title)]}
          style={itemStyle}
        >
          <Input aria-label={t('quotes.items.title')} placeholder={stacked ? undefined : t('quotes.items.title')} />
        </Form.Item>
      </Col>
      <Col xs={8} md={3}>
        {decimalItem('quantity')}
      </Col>
      <Col xs={6} md={2}>
        <Form.Item name={[name, 'unit']} label={label(t('quotes.items.unit'))} style={itemStyle}>
          <Input aria-label={t('quotes.items.unit')} maxLength={20} />
        </Form.Item>
      </Col>
      <Col xs={10} md={3}>
        {decimalItem('unitPrice')}
      </Col>
      {stacked ? null : (
        <>
          <Col md={3} style={{ textAlign: 'right', paddingTop: 8 }}>
            <Typography.Text strong data-testid={`item-total-${index}`} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCHF(total)}
            </Typography.Text>
          </Col>
          <Col md={1} style={{ textAlign: 'right' }}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('quotes.items.remove')}
              onClick={onRemove}
            />
          </Col>
        </>
      )}
      <Col xs={24} md={{ span: 20, offset: 4 }}>
        <Form.Item
          name={[name, 'description']}
          label={label(t('quotes.items.description'))}
          rules={[zodRule(itemFields.description)]}
          style={{ marginBottom: stacked ? 4 : 0 }}
        >
          <Input.TextArea
            aria-label={t('quotes.items.description')}
            placeholder={stacked ? undefined : t('quotes.items.description')}
            rows={1}
          />
        </Form.Item>
      </Col>
    </Row>
  );

  if (stacked) {
    return (
      <Card
        size="small"
        role="group"
        aria-label={t('quotes.items.position', { n: index + 1 })}
        title={t('quotes.items.position', { n: index + 1 })}
        extra={
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('quotes.items.remove')}
            onClick={onRemove}
          />
        }
      >
        {fields}
        <Flex justify="space-between">
          <Typography.Text type="secondary">{t('quotes.items.total')}</Typography.Text>
          <Typography.Text strong data-testid={`item-total-${index}`} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatCHF(total)}
          </Typography.Text>
        </Flex>
      </Card>
    );
  }
  return (
    <div
      role="group"
      aria-label={t('quotes.items.position', { n: index + 1 })}
      style={{ padding: '8px 0', borderBottom: `1px solid ${zunftColors.border}` }}
    >
      {fields}
    </div>
  );
}

/** Column titles above the desktop rows. */
export function QuoteItemHeader() {
  const t = useBillingT();
  const head = (text: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.3 }}>
      {text}
    </Typography.Text>
  );
  return (
    <Row gutter={8} aria-hidden style={{ paddingBottom: 4, borderBottom: `1px solid ${zunftColors.border}` }}>
      <Col md={4}>{head(t('quotes.items.type'))}</Col>
      <Col md={8}>{head(t('quotes.items.title'))}</Col>
      <Col md={3}>{head(t('quotes.items.quantity'))}</Col>
      <Col md={2}>{head(t('quotes.items.unit'))}</Col>
      <Col md={3}>{head(t('quotes.items.unitPrice'))}</Col>
      <Col md={3} style={{ textAlign: 'right' }}>
        {head(t('quotes.items.total'))}
      </Col>
    </Row>
  );
}
