import { useEffect } from 'react';
import { Button, Card, Col, Divider, Form, Input, InputNumber, Row, Switch } from 'antd';
import { formatIban, isQrIban, isSwissIban, type CompanySettingsDto } from '@zunft/contracts';
import { useAdminT } from '../../../shared/i18n';
import { settingsFields, useSettingsSave } from './useSettingsSave';
import { zodRule } from '@zunft/ui-kit';

interface BillingValues {
  company_iban: string;
  vat_number: string;
  vat_rate: number;
  payment_terms: number;
  reminder_fee_level_1: number;
  reminder_fee_level_2: number;
  reminder_fee_level_3: number;
  reminder_fee_level_4: number;
  default_interest_enabled: boolean;
  default_interest_rate: number;
  interest_from_due_date: boolean;
  auto_reminders_enabled: boolean;
  reminder_interval_days: number;
}

const FEE_FIELDS = [
  'reminder_fee_level_1',
  'reminder_fee_level_2',
  'reminder_fee_level_3',
  'reminder_fee_level_4',
] as const;
const FEE_LABELS = [
  'settings.billing.feeLevel1',
  'settings.billing.feeLevel2',
  'settings.billing.feeLevel3',
  'settings.billing.feeLevel4',
] as const;

function pickBilling(s: CompanySettingsDto): BillingValues {
  return {
    company_iban: s.company_iban ? formatIban(s.company_iban) : '',
    vat_number: s.vat_number ?? '',
    vat_rate: s.vat_rate,
    payment_terms: s.payment_terms,
    reminder_fee_level_1: s.reminder_fee_level_1 ?? 0,
    reminder_fee_level_2: s.reminder_fee_level_2 ?? 0,
    reminder_fee_level_3: s.reminder_fee_level_3 ?? 0,
    reminder_fee_level_4: s.reminder_fee_level_4 ?? 0,
    default_interest_enabled: s.default_interest_enabled ?? false,
    default_interest_rate: s.default_interest_rate ?? 5,
    interest_from_due_date: s.interest_from_due_date ?? false,
    auto_reminders_enabled: s.auto_reminders_enabled ?? false,
    reminder_interval_days: s.reminder_interval_days ?? 14,
  };
}

/** Tab 'Rechnung' (admin only): the data the QR bill and the invoices need. */
export function BillingSettingsForm({ settings }: { settings: CompanySettingsDto }) {
  const t = useAdminT();
  const [form] = Form.useForm<BillingValues>();
  const { save, saving } = useSettingsSave('settings.toasts.saveBillingError');
  const iban = Form.useWatch('company_iban', form) ?? '';
  const required = { required: true, message: t('common.required') };

  useEffect(() => {
    form.setFieldsValue(pickBilling(settings));
  }, [settings, form]);

  const ibanKind = isSwissIban(iban)
    ? isQrIban(iban)
      ? t('settings.billing.qrIban')
      : t('settings.billing.plainIban')
    : null;

  return (
    <Card title={t('settings.billing.title')}>
      <Form<BillingValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        onFinish={save}
        style={{ maxWidth: 880 }}
        initialValues={pickBilling(settings)}
        disabled={saving}
      >
        <Form.Item
          name="company_iban"
          label={t('settings.billing.iban')}
          rules={[zodRule(settingsFields.company_iban)]}
          extra={ibanKind ?? t('settings.billing.ibanHint')}
          // Shown grouped by four (CH93 0076 2011 6238 5295 7); the schema strips the spaces.
          normalize={(value: string) => (isSwissIban(value) ? formatIban(value) : value.toUpperCase())}
        >
          <Input
            placeholder={t('settings.billing.ibanPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            maxLength={42}
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
            onBlur={(event) => {
              const value = event.target.value.trim();
              if (value) form.setFieldValue('company_iban', formatIban(value));
            }}
          />
        </Form.Item>
        <Form.Item
          name="vat_number"
          label={t('settings.billing.vatNumber')}
          rules={[zodRule(settingsFields.vat_number)]}
        >
          <Input
            placeholder={t('settings.billing.vatNumberPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            maxLength={30}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="vat_rate"
              label={t('settings.billing.vatRate')}
              rules={[required, zodRule(settingsFields.vat_rate)]}
            >
              <InputNumber<number>
                min={0}
                max={100}
                step={0.1}
                precision={1}
                suffix="%"
                style={{ width: '100%' }}
                inputMode="decimal"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="payment_terms"
              label={t('settings.billing.paymentTerms')}
              rules={[required, zodRule(settingsFields.payment_terms)]}
            >
              <InputNumber<number>
                min={1}
                max={365}
                step={1}
                precision={0}
                suffix={t('settings.billing.days')}
                style={{ width: '100%' }}
                inputMode="numeric"
              />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('settings.billing.remindersTitle')}
        </Divider>
        <Row gutter={16}>
          {FEE_FIELDS.map((name, i) => (
            <Col xs={12} md={6} key={name}>
              <Form.Item name={name} label={t(FEE_LABELS[i]!)} rules={[zodRule(settingsFields[name])]}>
                <InputNumber<number>
                  min={0}
                  max={10000}
                  step={5}
                  precision={2}
                  prefix="CHF"
                  style={{ width: '100%' }}
                  inputMode="decimal"
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="default_interest_enabled"
              label={t('settings.billing.interestEnabled')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="default_interest_rate"
              label={t('settings.billing.interestRate')}
              extra={t('settings.billing.interestHint')}
              rules={[zodRule(settingsFields.default_interest_rate)]}
            >
              <InputNumber<number>
                min={0}
                max={100}
                step={0.5}
                precision={2}
                suffix="%"
                style={{ width: '100%' }}
                inputMode="decimal"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="interest_from_due_date"
              label={t('settings.billing.interestFromDueDate')}
              extra={t('settings.billing.interestFromDueDateHint')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="auto_reminders_enabled"
              label={t('settings.billing.autoReminders')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="reminder_interval_days"
              label={t('settings.billing.reminderInterval')}
              rules={[zodRule(settingsFields.reminder_interval_days)]}
            >
              <InputNumber<number>
                min={1}
                max={365}
                step={1}
                precision={0}
                suffix={t('settings.billing.days')}
                style={{ width: '100%' }}
                inputMode="numeric"
              />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('settings.billing.save')}
        </Button>
      </Form>
    </Card>
  );
}
