import { useEffect } from 'react';
import { Button, Card, Col, Form, Input, Row } from 'antd';
import { updateProfileRequestSchema, type SessionUser, type UpdateProfileRequest } from '@zunft/contracts';
import { useAdminT } from '../../../shared/i18n';
import { zodRule } from '@zunft/ui-kit';

const fields = updateProfileRequestSchema.shape;

interface Props {
  user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>;
  saving: boolean;
  onSubmit(body: UpdateProfileRequest): void;
}

/** First name, last name and e-mail, all required (part 2 §5 "Profile"). */
export function PersonalDataForm({ user, saving, onSubmit }: Props) {
  const t = useAdminT();
  const [form] = Form.useForm<UpdateProfileRequest>();

  useEffect(() => {
    form.setFieldsValue({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  }, [user.firstName, user.lastName, user.email, form]);

  return (
    <Card title={t('profile.personal.title')}>
      <Form<UpdateProfileRequest>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{ firstName: user.firstName, lastName: user.lastName, email: user.email }}
        onFinish={(values) => {
          const parsed = updateProfileRequestSchema.safeParse(values);
          if (parsed.success) onSubmit(parsed.data);
        }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="firstName"
              label={t('profile.personal.firstName')}
              required
              rules={[zodRule(fields.firstName)]}
            >
              <Input autoComplete="given-name" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="lastName"
              label={t('profile.personal.lastName')}
              required
              rules={[zodRule(fields.lastName)]}
            >
              <Input autoComplete="family-name" maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="email" label={t('profile.personal.email')} required rules={[zodRule(fields.email)]}>
          <Input type="email" inputMode="email" autoComplete="email" maxLength={254} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('profile.personal.save')}
        </Button>
      </Form>
    </Card>
  );
}
