import { BellOutlined, SendOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Descriptions,
  Divider,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Typography,
} from 'antd';
import { INVOICE_DEFAULTS, REMINDER_TYPES, type InvoiceDto, type ReminderType } from '@zunft/contracts';
import { formatCHF, formatDate, formatDateTime, useErrorToast } from '@zunft/web-common';
import { useIsMobile, zunftColors } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useRemindersQuery } from '../api/useInvoices';
import { canSendReminder, nextReminderType, reminderLevel } from './invoiceHelpers';
import type { InvoiceActions } from './useInvoiceActions';

interface CustomValues {
  reminderType: ReminderType;
  customDueDays: number | null;
  notes?: string;
}

const DEFAULTS: CustomValues = {
  reminderType: 'first_reminder',
  customDueDays: INVOICE_DEFAULTS.reminderDueDays,
  notes: '',
};

/**
 * 'Mahnung verwalten' (part 2 §2, §4, §5): current level, last reminder date, amount, the next level
 * (empty payload), a custom reminder (type, term 1–365 days, default 14, notes) and the history.
 */
export function ReminderModal({
  invoice,
  actions,
  onClose,
}: {
  invoice: InvoiceDto | null;
  actions: InvoiceActions;
  onClose: () => void;
}) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<CustomValues>();
  const history = useRemindersQuery(invoice?.id ?? null);
  useErrorToast(history, t('invoices.toast.remindersLoadError'));

  if (!invoice) return <Modal open={false} />;
  const level = reminderLevel(invoice);
  const allowed = canSendReminder(invoice);
  const next = nextReminderType(invoice);
  const busy = actions.reminding === invoice.id;
  const blocked =
    invoice.status === 'paid'
      ? t('invoices.reminders.notAllowedPaid')
      : invoice.status === 'draft'
        ? t('invoices.reminders.notAllowedDraft')
        : t('invoices.reminders.maxReached');

  const sendCustom = async (values: CustomValues) => {
    const notes = values.notes?.trim();
    const ok = await actions.sendReminder(invoice, {
      reminderType: values.reminderType,
      customDueDays: Number(values.customDueDays),
      ...(notes ? { notes } : {}),
    });
    if (ok) form.setFieldsValue(DEFAULTS);
  };

  return (
    <Modal
      open
      title={t('invoices.reminders.title', { number: invoice.invoice_number })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={isMobile ? '100%' : 640}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={isMobile ? 1 : 3}
          layout={isMobile ? 'horizontal' : 'vertical'}
          items={[
            { key: 'level', label: t('invoices.reminders.level'), children: t(`invoices.levels.${level}`) },
            {
              key: 'last',
              label: t('invoices.reminders.lastSent'),
              children: invoice.last_reminder_sent_at
                ? formatDate(invoice.last_reminder_sent_at)
                : t('invoices.reminders.never'),
            },
            { key: 'amount', label: t('invoices.reminders.amount'), children: formatCHF(invoice.total_amount) },
          ]}
        />

        {allowed ? (
          <Button
            type="primary"
            size="large"
            icon={<BellOutlined />}
            loading={busy}
            onClick={() => void actions.sendReminder(invoice)}
            style={{ whiteSpace: 'normal', height: 'auto', minHeight: 44 }}
          >
            {t('invoices.reminders.next', { level: t(`invoices.reminderTypes.${next}`) })}
          </Button>
        ) : (
          <Alert type="info" showIcon title={blocked} />
        )}

        {allowed ? (
          <>
            <Divider style={{ margin: 0 }} titlePlacement="start">
              {t('invoices.reminders.custom')}
            </Divider>
            <Form<CustomValues>
              form={form}
              layout="vertical"
              initialValues={DEFAULTS}
              onFinish={(values) => void sendCustom(values)}
              requiredMark={false}
            >
              <Flex gap={12} wrap="wrap">
                <Form.Item
                  name="reminderType"
                  label={t('invoices.reminders.type')}
                  style={{ flex: '1 1 200px', marginBottom: 12 }}
                >
                  <Select
                    options={REMINDER_TYPES.map((type) => ({
                      value: type,
                      label: t(`invoices.reminderTypes.${type}`),
                    }))}
                  />
                </Form.Item>
                <Form.Item
                  name="customDueDays"
                  label={t('invoices.reminders.dueDays')}
                  style={{ flex: '1 1 160px', marginBottom: 12 }}
                  rules={[
                    {
                      validator: async (_rule, value: unknown) => {
                        const n = Number(value);
                        if (
                          value === null ||
                          value === undefined ||
                          value === '' ||
                          !Number.isInteger(n) ||
                          n < INVOICE_DEFAULTS.minReminderDueDays ||
                          n > INVOICE_DEFAULTS.maxReminderDueDays
                        )
                          throw new Error(t('invoices.reminders.dueDaysRange'));
                      },
                    },
                  ]}
                >
                  <InputNumber
                    min={INVOICE_DEFAULTS.minReminderDueDays}
                    max={INVOICE_DEFAULTS.maxReminderDueDays}
                    step={1}
                    precision={0}
                    inputMode="numeric"
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Flex>
              <Form.Item name="notes" label={t('invoices.reminders.notes')} style={{ marginBottom: 12 }}>
                <Input.TextArea rows={2} maxLength={2000} />
              </Form.Item>
              <Button htmlType="submit" icon={<SendOutlined />} loading={busy}>
                {t('invoices.reminders.sendCustom')}
              </Button>
            </Form>
          </>
        ) : null}

        <Divider style={{ margin: 0 }} titlePlacement="start">
          {t('invoices.reminders.history')}
        </Divider>
        <div
          style={{ maxHeight: '24rem', overflowY: 'auto' }}
          role="region"
          aria-label={t('invoices.reminders.history')}
        >
          {history.isPending ? (
            <Typography.Text type="secondary">{t('common.loading')}</Typography.Text>
          ) : (history.data ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invoices.reminders.noHistory')} />
          ) : (
            <Flex vertical gap={8}>
              {(history.data ?? []).map((entry) => (
                <div
                  key={entry.id}
                  style={{ border: `1px solid ${zunftColors.border}`, borderRadius: 8, padding: '8px 12px' }}
                >
                  <Typography.Text strong>
                    {entry.reminder_type_description} · {formatCHF(entry.total_amount)}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                    {t('invoices.reminders.sentBy', {
                      name: entry.sent_by_name ?? '–',
                      date: formatDateTime(entry.sent_at),
                    })}
                  </Typography.Text>
                  {entry.due_date ? (
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                      {t('invoices.reminders.dueUntil', { date: formatDate(entry.due_date) })}
                    </Typography.Text>
                  ) : null}
                  {entry.notes ? (
                    <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line' }}>
                      {entry.notes}
                    </Typography.Paragraph>
                  ) : null}
                </div>
              ))}
            </Flex>
          )}
        </div>
      </Flex>
    </Modal>
  );
}
