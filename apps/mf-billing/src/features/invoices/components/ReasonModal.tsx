import { useEffect } from 'react';
import { Form, Input, Typography } from 'antd';
import { LEDGER_LIMITS } from '@zunft/contracts';
import { FormModal } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';

/**
 * A correction that needs only its reason («Stornieren»): required, at most 500 characters; the
 * caller books it and closes the dialog on success.
 */
export function ReasonModal({
  open,
  name,
  title,
  hint,
  okText,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** The form's name (its fields' ids). */
  name: string;
  title: string;
  hint: string;
  okText: string;
  pending: boolean;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const t = useBillingT();
  const [form] = Form.useForm<{ reason: string }>();

  useEffect(() => {
    if (open) form.setFieldsValue({ reason: '' });
  }, [open, form]);

  return (
    <FormModal
      form={form}
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: pending, danger: true }}
      onCancel={onClose}
      width={520}
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <Form<{ reason: string }>
        form={form}
        name={name}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onSubmit(values.reason.trim())}
        aria-label={title}
      >
        <Form.Item
          name="reason"
          label={t('invoices.creditNotes.reason')}
          rules={[
            { required: true, whitespace: true, message: t('invoices.creditNotes.reasonRequired') },
            {
              max: LEDGER_LIMITS.maxReasonLength,
              message: t('invoices.creditNotes.reasonTooLong', { max: LEDGER_LIMITS.maxReasonLength }),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={LEDGER_LIMITS.maxReasonLength} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
