import { useEffect } from 'react';
import { Col, Form, Input, Row } from 'antd';
import { customerRequestSchema, type CustomerDto } from '@zunft/contracts';
import { FormModal, zodRule } from '@zunft/ui-kit';
import { toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useSaveCustomer } from '../api/useCustomers';
import { toCustomerFormValues, toCustomerRequest, type CustomerFormValues } from './customerFilter';

interface Props {
  open: boolean;
  /** null: create */
  customer: CustomerDto | null;
  onClose: () => void;
}

const fields = customerRequestSchema.shape;

/** Create/edit dialog (part 1 §2, §5: name required, e-mail of e-mail type, empty values as null). */
export function CustomerFormModal({ open, customer, onClose }: Props) {
  const t = useTimeT();
  const [form] = Form.useForm<CustomerFormValues>();
  const save = useSaveCustomer();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (customer) form.setFieldsValue(toCustomerFormValues(customer));
  }, [open, customer, form]);

  const submit = async (values: CustomerFormValues) => {
    try {
      await save.mutateAsync({ id: customer?.id ?? null, body: toCustomerRequest(values, customer?.language ?? 'de') });
      toast.success(customer ? t('customers.toast.updated') : t('customers.toast.created'));
      onClose();
    } catch (error) {
      toastFailure(error, t('customers.toast.saveError'));
    }
  };

  return (
    <FormModal
      open={open}
      form={form}
      title={customer ? t('customers.editTitle') : t('customers.createTitle')}
      okText={customer ? t('common.save') : t('common.create')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={640}
    >
      <Form<CustomerFormValues>
        name="customer"
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        requiredMark
      >
        <Form.Item name="name" label={t('customers.fields.name')} required rules={[zodRule(fields.name)]}>
          <Input autoFocus autoComplete="organization" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="contactPerson"
              label={t('customers.fields.contactPerson')}
              rules={[zodRule(fields.contactPerson)]}
            >
              <Input autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="customerNumber"
              label={t('customers.fields.customerNumber')}
              extra={customer ? undefined : t('customers.fields.customerNumberHint')}
              rules={[zodRule(fields.customerNumber)]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('customers.fields.email')} rules={[zodRule(fields.email)]}>
              <Input type="email" inputMode="email" autoComplete="email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={t('customers.fields.phone')} rules={[zodRule(fields.phone)]}>
              <Input type="tel" inputMode="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={16}>
            <Form.Item name="address" label={t('customers.fields.address')} rules={[zodRule(fields.address)]}>
              <Input autoComplete="street-address" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="poBox"
              label={t('customers.fields.poBox')}
              extra={t('customers.fields.poBoxHint')}
              rules={[zodRule(fields.poBox)]}
            >
              <Input placeholder={t('customers.fields.poBoxPlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={6}>
            <Form.Item name="zip" label={t('customers.fields.zip')} rules={[zodRule(fields.zip)]}>
              <Input inputMode="numeric" autoComplete="postal-code" />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="city" label={t('customers.fields.city')} rules={[zodRule(fields.city)]}>
              <Input autoComplete="address-level2" />
            </Form.Item>
          </Col>
          <Col xs={6}>
            <Form.Item
              name="country"
              label={t('customers.fields.country')}
              initialValue="CH"
              normalize={(v: string) => v.toUpperCase()}
              rules={[zodRule(fields.country)]}
            >
              <Input maxLength={2} autoComplete="country" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="notes" label={t('customers.fields.notes')} rules={[zodRule(fields.notes)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
