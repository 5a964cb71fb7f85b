import { useEffect, type ReactNode } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTimeT } from './i18n';
import { type ParsesWithIssues, useIsMobile, zodRule } from '@zunft/ui-kit';

interface Props {
  open: boolean;
  title: string;
  okText: string;
  reasonLabel: string;
  /** The contract's schema of the reason (German messages). */
  reasonSchema: ParsesWithIssues;
  /** What is being rejected, one line above the field. */
  summary: ReactNode;
  /** Form name (ids of its fields). */
  formName: string;
  pending: boolean;
  /** Sends the trimmed reason; toasts and closing are the caller's. */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** The office rejects something pending with a required reason (expenses, material usage). */
export function RejectReasonModal({
  open,
  title,
  okText,
  reasonLabel,
  reasonSchema,
  summary,
  formName,
  pending,
  onSubmit,
  onClose,
}: Props) {
  const t = useTimeT();
  const [form] = Form.useForm<{ reason?: string }>();
  const isMobile = useIsMobile();

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      width={isMobile ? '100%' : 480}
      destroyOnHidden
      forceRender
    >
      {open ? <Typography.Paragraph type="secondary">{summary}</Typography.Paragraph> : null}
      <Form
        name={formName}
        form={form}
        layout="vertical"
        onFinish={({ reason }) => void onSubmit((reason ?? '').trim())}
      >
        <Form.Item name="reason" label={reasonLabel} required rules={[zodRule(reasonSchema)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
