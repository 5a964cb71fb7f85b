import { Alert, Button, Card, Form, Input } from 'antd';
import { LIMITS, changePasswordRequestSchema, type ChangePasswordRequest } from '@zunft/contracts';
import { useAdminT } from '../../../shared/i18n';
import { zodRule } from '@zunft/ui-kit';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface Props {
  /** The account's e-mail, for password managers (hidden username field). */
  username?: string;
  saving: boolean;
  /** Resolves true when the change went through; the form then empties. */
  onSubmit(body: ChangePasswordRequest): Promise<boolean>;
}

/** True when the new password can be sent: current given, new ≥ 6 characters and confirmed. */
export function canChangePassword(values: Partial<Values>): boolean {
  const { currentPassword = '', newPassword = '', confirmPassword = '' } = values;
  return currentPassword !== '' && newPassword.length >= LIMITS.passwordMinLength && newPassword === confirmPassword;
}

/**
 * Password change (part 2 §5 "Profile"): new and confirmation must match, otherwise
 * 'Die Passwörter stimmen nicht überein' and the button stays disabled. PUT /auth/change-password
 * ends the user's other sessions.
 */
export function ChangePasswordForm({ username, saving, onSubmit }: Props) {
  const t = useAdminT();
  const [form] = Form.useForm<Values>();
  const values: Partial<Values> = Form.useWatch([], form) ?? {};
  const mismatch = (values.confirmPassword ?? '') !== '' && values.confirmPassword !== values.newPassword;
  const ready = canChangePassword(values);

  const finish = async (submitted: Values) => {
    if (!canChangePassword(submitted)) return;
    const parsed = changePasswordRequestSchema.safeParse({
      currentPassword: submitted.currentPassword,
      newPassword: submitted.newPassword,
    });
    if (!parsed.success) return;
    if (await onSubmit(parsed.data)) form.resetFields();
  };

  return (
    <Card title={t('profile.password.title')}>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void finish(v)} disabled={saving}>
        {username ? (
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        ) : null}
        <Alert type="info" showIcon title={t('profile.password.sessionsNote')} style={{ marginBottom: 20 }} />
        <Form.Item
          name="currentPassword"
          label={t('profile.password.current')}
          rules={[zodRule(changePasswordRequestSchema.shape.currentPassword)]}
        >
          <Input.Password autoComplete="current-password" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('profile.password.new')}
          extra={t('profile.password.hint')}
          rules={[zodRule(changePasswordRequestSchema.shape.newPassword)]}
        >
          <Input.Password autoComplete="new-password" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('profile.password.confirm')}
          validateStatus={mismatch ? 'error' : undefined}
          help={mismatch ? t('profile.password.mismatch') : undefined}
        >
          <Input.Password autoComplete="new-password" maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={!ready}>
          {t('profile.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
