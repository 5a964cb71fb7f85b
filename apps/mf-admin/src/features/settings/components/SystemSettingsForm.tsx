import { useEffect } from 'react';
import { Alert, Button, Card, Col, Divider, Form, InputNumber, Row, Select } from 'antd';
import { CURRENCIES, LANGUAGES, TIMEZONES, type CompanySettingsDto } from '@zunft/contracts';
import { useAdminT } from '../../../shared/i18n';
import { SwitchRow } from '../../../shared/SwitchRow';
import { settingsFields, useSettingsSave } from './useSettingsSave';
import { zodRule } from '@zunft/ui-kit';

type SystemValues = Pick<
  CompanySettingsDto,
  | 'default_hourly_rate'
  | 'currency'
  | 'language'
  | 'timezone'
  | 'auto_approve_time_entries'
  | 'auto_approve_material_usage'
  | 'require_project_notes'
  | 'auto_calculate_surcharges'
  | 'saturday_surcharge'
  | 'sunday_surcharge'
  | 'night_surcharge'
  | 'gps_enabled'
>;

function pickSystem(s: CompanySettingsDto): SystemValues {
  return {
    default_hourly_rate: s.default_hourly_rate,
    currency: s.currency,
    language: s.language,
    timezone: s.timezone,
    auto_approve_time_entries: s.auto_approve_time_entries,
    auto_approve_material_usage: s.auto_approve_material_usage,
    require_project_notes: s.require_project_notes,
    auto_calculate_surcharges: s.auto_calculate_surcharges,
    saturday_surcharge: s.saturday_surcharge,
    sunday_surcharge: s.sunday_surcharge,
    night_surcharge: s.night_surcharge,
    // Older answers (before the setting existed) have no value: off, as the server's default.
    gps_enabled: s.gps_enabled ?? false,
  };
}

/** Tab 'System' (admin only): defaults, approvals and surcharges (part 2 §3, §5, §9). */
export function SystemSettingsForm({ settings }: { settings: CompanySettingsDto }) {
  const t = useAdminT();
  const [form] = Form.useForm<SystemValues>();
  const { save, saving } = useSettingsSave('settings.toasts.saveSystemError');
  const required = { required: true, message: t('common.required') };

  useEffect(() => {
    form.setFieldsValue(pickSystem(settings));
  }, [settings, form]);

  const percentField = (name: 'saturday_surcharge' | 'sunday_surcharge' | 'night_surcharge', label: string) => (
    <Col xs={24} sm={8}>
      <Form.Item name={name} label={label} rules={[required, zodRule(settingsFields[name])]}>
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
  );
  const switchField = (name: keyof SystemValues, label: string, hint?: string) => (
    <Form.Item name={name} valuePropName="checked" style={{ marginBottom: 8 }}>
      <SwitchRow label={label} hint={hint} />
    </Form.Item>
  );

  return (
    <Card title={t('settings.system.title')}>
      <Form<SystemValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        onFinish={save}
        style={{ maxWidth: 880 }}
        initialValues={pickSystem(settings)}
        disabled={saving}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="default_hourly_rate"
              label={t('settings.system.defaultHourlyRate')}
              rules={[required, zodRule(settingsFields.default_hourly_rate)]}
            >
              <InputNumber<number>
                min={0}
                step={0.01}
                precision={2}
                prefix={settings.currency}
                style={{ width: '100%' }}
                inputMode="decimal"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="currency" label={t('settings.system.currency')} rules={[zodRule(settingsFields.currency)]}>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="language" label={t('settings.system.language')} rules={[zodRule(settingsFields.language)]}>
              <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="timezone" label={t('settings.system.timezone')} rules={[zodRule(settingsFields.timezone)]}>
              <Select options={TIMEZONES.map((z) => ({ value: z, label: t(`settings.system.timezones.${z}`) }))} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>
          {t('settings.system.approvalsTitle')}
        </Divider>
        {switchField('auto_approve_time_entries', t('settings.system.autoApproveTime'))}
        {switchField('auto_approve_material_usage', t('settings.system.autoApproveMaterial'))}
        {switchField('require_project_notes', t('settings.system.requireNotes'))}

        <Divider titlePlacement="start" plain>
          {t('settings.system.timeTrackingTitle')}
        </Divider>
        {switchField('gps_enabled', t('settings.system.gpsEnabled'), t('settings.system.gpsHint'))}

        <Divider titlePlacement="start" plain>
          {t('settings.system.surchargesTitle')}
        </Divider>
        {switchField('auto_calculate_surcharges', t('settings.system.autoCalc'))}
        <Row gutter={16} style={{ marginTop: 8 }}>
          {percentField('saturday_surcharge', t('settings.system.saturday'))}
          {percentField('sunday_surcharge', t('settings.system.sunday'))}
          {percentField('night_surcharge', t('settings.system.night'))}
        </Row>
        <Alert type="info" showIcon title={t('settings.system.surchargeHint')} style={{ marginBottom: 24 }} />

        <Button type="primary" htmlType="submit" loading={saving}>
          {t('settings.system.save')}
        </Button>
      </Form>
    </Card>
  );
}
