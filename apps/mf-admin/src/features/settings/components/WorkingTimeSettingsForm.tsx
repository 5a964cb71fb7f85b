import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import {
  CANTONS,
  DEFAULT_WORKING_TIME_SETTINGS,
  WEEKLY_MAX_HOURS,
  translateValidationMessage,
  workingTimeSettingsFields,
  workingTimeSettingsSchema,
  type CompanySettingsDto,
  type UpdateCompanySettingsRequest,
  type WorkingTimeSettingsDto,
} from '@zunft/contracts';
import { zodRule } from '@zunft/ui-kit';
import { currentLanguage, toast, toastFailure } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { holidayKeys } from '../api/holidays.api';
import { useUpdateCompanySettings } from '../api/useCompany';

/** The form's values: «kein Kanton» is an empty string in the select. */
type Values = Omit<WorkingTimeSettingsDto, 'canton'> & { canton: string };

/** The settings' working-time fields; an answer without them (older server) shows the defaults. */
export function pickWorkingTime(settings: CompanySettingsDto & Partial<WorkingTimeSettingsDto>): Values {
  const d = DEFAULT_WORKING_TIME_SETTINGS;
  return {
    canton: settings.canton ?? '',
    surcharge_mode: settings.surcharge_mode ?? d.surcharge_mode,
    night_start: settings.night_start ?? d.night_start,
    night_end: settings.night_end ?? d.night_end,
    weekly_max_hours: settings.weekly_max_hours ?? d.weekly_max_hours,
    gps_retention_days: settings.gps_retention_days ?? d.gps_retention_days,
  };
}

/**
 * Working time and labour law (issue 24, admin only): the canton whose public holidays apply, how
 * night/Sunday/holiday surcharges are counted, the weekly maximum of ArG art. 9 and how long GPS
 * positions are kept.
 */
export function WorkingTimeSettingsForm({ settings }: { settings: CompanySettingsDto }) {
  const t = useAdminT();
  const [form] = Form.useForm<Values>();
  const mutation = useUpdateCompanySettings();
  const client = useQueryClient();
  const mode = Form.useWatch('surcharge_mode', form);

  useEffect(() => {
    form.setFieldsValue(pickWorkingTime(settings));
  }, [settings, form]);

  const save = (values: Values) => {
    const parsed = workingTimeSettingsSchema.safeParse(values);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      if (message) void translateValidationMessage(message, currentLanguage()).then((text) => toast.error(text));
      return;
    }
    // PUT /companies/settings takes any subset of the settings.
    mutation.mutate(parsed.data as UpdateCompanySettingsRequest, {
      onSuccess: () => {
        toast.success(t('settings.toasts.settingsSaved'));
        // Another canton, other public holidays.
        void client.invalidateQueries({ queryKey: holidayKeys.all });
      },
      onError: (error) => toastFailure(error, t('settings.toasts.saveSystemError')),
    });
  };

  return (
    <Card title={t('settings.workingTime.title')} style={{ marginTop: 16 }}>
      <Form<Values>
        form={form}
        name="working-time-settings"
        layout="vertical"
        requiredMark="optional"
        onFinish={save}
        style={{ maxWidth: 880 }}
        initialValues={pickWorkingTime(settings)}
        disabled={mutation.isPending}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="canton"
              label={t('settings.workingTime.canton')}
              extra={t('settings.workingTime.cantonHint')}
              rules={[zodRule(workingTimeSettingsFields.canton)]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={[
                  { value: '', label: t('settings.workingTime.noCanton') },
                  ...CANTONS.map((c) => ({ value: c, label: `${c} – ${t(`settings.workingTime.cantons.${c}`)}` })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="weekly_max_hours"
              label={t('settings.workingTime.weeklyMax')}
              rules={[zodRule(workingTimeSettingsFields.weekly_max_hours)]}
            >
              <Select
                options={WEEKLY_MAX_HOURS.map((h) => ({
                  value: h,
                  label: t(`settings.workingTime.weeklyMaxOptions.${h}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="surcharge_mode" label={t('settings.workingTime.surchargeMode')}>
          <Radio.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={[
              { value: 'spec', label: t('settings.workingTime.modeSpec') },
              { value: 'precise', label: t('settings.workingTime.modePrecise') },
            ]}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={12} sm={6}>
            <Form.Item
              name="night_start"
              label={t('settings.workingTime.nightStart')}
              rules={[zodRule(workingTimeSettingsFields.night_start)]}
            >
              <Input
                inputMode="numeric"
                placeholder={DEFAULT_WORKING_TIME_SETTINGS.night_start}
                maxLength={5}
                disabled={mode !== 'precise'}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              name="night_end"
              label={t('settings.workingTime.nightEnd')}
              rules={[zodRule(workingTimeSettingsFields.night_end)]}
            >
              <Input
                inputMode="numeric"
                placeholder={DEFAULT_WORKING_TIME_SETTINGS.night_end}
                maxLength={5}
                disabled={mode !== 'precise'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="gps_retention_days"
              label={t('settings.workingTime.gpsRetention')}
              extra={t('settings.workingTime.gpsRetentionHint')}
              rules={[zodRule(workingTimeSettingsFields.gps_retention_days)]}
            >
              <InputNumber<number>
                min={1}
                max={3650}
                precision={0}
                suffix={t('settings.workingTime.days')}
                style={{ width: '100%' }}
                inputMode="numeric"
              />
            </Form.Item>
          </Col>
        </Row>
        <Alert type="info" showIcon title={t('settings.workingTime.recordsHint')} style={{ marginBottom: 24 }} />
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('settings.workingTime.save')}
        </Button>
      </Form>
    </Card>
  );
}
