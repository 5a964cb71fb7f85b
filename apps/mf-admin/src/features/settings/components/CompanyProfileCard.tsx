import { useEffect } from 'react';
import { Button, Card, Col, Form, Input, Row, Skeleton } from 'antd';
import { updateCompanyProfileRequestSchema, type CompanyProfileDto } from '@zunft/contracts';
import { toast, toastFailure } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { useUpdateCompanyProfile } from '../api/useCompany';
import { zodRule } from '@zunft/ui-kit';

interface Values {
  name: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  country: string;
}

const fields = updateCompanyProfileRequestSchema.shape;

function toValues(profile: CompanyProfileDto): Values {
  return {
    name: profile.name,
    email: profile.email ?? '',
    phone: profile.phone ?? '',
    website: profile.website ?? '',
    address: profile.address ?? '',
    street: profile.street ?? '',
    house_number: profile.house_number ?? '',
    zip: profile.zip ?? '',
    city: profile.city ?? '',
    country: profile.country || 'CH',
  };
}

/** Company data (part 2 §3 "Company profile", §5 "Company"): name and e-mail required. */
export function CompanyProfileCard({ profile }: { profile: CompanyProfileDto | undefined }) {
  const t = useAdminT();
  const [form] = Form.useForm<Values>();
  const save = useUpdateCompanyProfile();

  useEffect(() => {
    if (profile) form.setFieldsValue(toValues(profile));
  }, [profile, form]);

  const finish = (values: Values) => {
    const parsed = updateCompanyProfileRequestSchema.safeParse(values);
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('settings.toasts.profileSaved')),
      onError: (error) => toastFailure(error, t('settings.toasts.saveProfileError')),
    });
  };

  return (
    <Card title={t('settings.general.companyTitle')}>
      {profile ? (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={finish}
          requiredMark="optional"
          initialValues={toValues(profile)}
        >
          <Form.Item name="name" label={t('settings.general.name')} required rules={[zodRule(fields.name)]}>
            <Input maxLength={200} autoComplete="organization" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="email" label={t('settings.general.email')} required rules={[zodRule(fields.email)]}>
                <Input type="email" inputMode="email" autoComplete="email" maxLength={254} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="phone" label={t('settings.general.phone')} rules={[zodRule(fields.phone)]}>
                <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={50} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="website" label={t('settings.general.website')} rules={[zodRule(fields.website)]}>
            <Input type="url" inputMode="url" placeholder={t('settings.general.websitePlaceholder')} maxLength={300} />
          </Form.Item>
          <Form.Item name="address" label={t('settings.general.address')} rules={[zodRule(fields.address)]}>
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder={t('settings.general.addressPlaceholder')}
              maxLength={500}
            />
          </Form.Item>
          {/* Structured address for the QR bill (address type S). */}
          <Row gutter={16}>
            <Col xs={16} md={18}>
              <Form.Item
                name="street"
                label={t('settings.general.street')}
                rules={[zodRule(fields.street)]}
                extra={t('settings.general.qrAddressHint')}
              >
                <Input maxLength={70} autoComplete="address-line1" />
              </Form.Item>
            </Col>
            <Col xs={8} md={6}>
              <Form.Item
                name="house_number"
                label={t('settings.general.houseNumber')}
                rules={[zodRule(fields.house_number)]}
              >
                <Input maxLength={16} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={8} md={6}>
              <Form.Item name="zip" label={t('settings.general.zip')} rules={[zodRule(fields.zip)]}>
                <Input maxLength={16} autoComplete="postal-code" inputMode="numeric" />
              </Form.Item>
            </Col>
            <Col xs={16} md={12}>
              <Form.Item name="city" label={t('settings.general.city')} rules={[zodRule(fields.city)]}>
                <Input maxLength={35} autoComplete="address-level2" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="country" label={t('settings.general.country')} rules={[zodRule(fields.country)]}>
                <Input maxLength={2} autoComplete="country" style={{ textTransform: 'uppercase' }} />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.general.save')}
          </Button>
        </Form>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Card>
  );
}
