import { useEffect } from 'react';
import { Form, Input, Typography } from 'antd';
import { createInvitationRequestSchema } from '@zunft/contracts';
import { FormModal, zodRule } from '@zunft/ui-kit';
import { useAdminT } from '../../../shared/i18n';

interface Props {
  open: boolean;
  sending: boolean;
  onCancel(): void;
  onSubmit(email: string): void;
}

/** «Treuhänder einladen» (issue 26): the fiduciary's address; the link goes out by e-mail. */
export function InviteAccountantModal({ open, sending, onCancel, onSubmit }: Props) {
  const t = useAdminT();
  const [form] = Form.useForm<{ email: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <FormModal
      form={form}
      width={480}
      open={open}
      title={t('invitations.title')}
      okText={t('invitations.send')}
      cancelText={t('common.cancel')}
      confirmLoading={sending}
      onCancel={onCancel}
    >
      <Typography.Paragraph type="secondary">{t('invitations.intro')}</Typography.Paragraph>
      {/* its own name: the field ids (invite_email) must not clash with the user form's «email» */}
      <Form form={form} name="invite" layout="vertical" onFinish={(values) => onSubmit(values.email.trim())}>
        <Form.Item
          name="email"
          label={t('invitations.email')}
          rules={[zodRule(createInvitationRequestSchema.shape.email)]}
        >
          <Input type="email" autoComplete="off" inputMode="email" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
