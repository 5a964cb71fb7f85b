import { useEffect, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { PROJECT_STATUSES, createProjectRequestSchema, type ProjectDto } from '@zunft/contracts';
import { FormModal, useIsMobile, zodRule } from '@zunft/ui-kit';
import { toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useCustomerSearch } from '../../customers/api/useCustomers';
import { useCreateProject, useUpdateProject } from '../api/useProjects';
import { toProjectFormValues, toProjectRequest, type ProjectFormValues } from './projectHelpers';

interface Props {
  open: boolean;
  /** null: create */
  project: ProjectDto | null;
  onClose: () => void;
}

const fields = createProjectRequestSchema.shape;
const DATE_FORMAT = 'DD.MM.YYYY';

/** Stores the date fields as yyyy-MM-dd strings (the API's format) while the picker works with dayjs. */
const dateItemProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/** Create and edit dialog of a project (part 1 §5: customer and title required, budget ≥ 0 in steps of 0.01). */
export function ProjectFormModal({ open, project, onClose }: Props) {
  const t = useTimeT();
  const [form] = Form.useForm<ProjectFormValues>();
  const isMobile = useIsMobile();
  // The server searches the customers (a company may have 100,000): the select shows the first matches.
  const [customerSearch, setCustomerSearch] = useState('');
  const customers = useCustomerSearch(customerSearch, open);
  const create = useCreateProject();
  const update = useUpdateProject();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setCustomerSearch('');
    if (project) form.setFieldsValue(toProjectFormValues(project));
  }, [open, project, form]);

  const submit = async (values: ProjectFormValues) => {
    try {
      if (project) {
        await update.mutateAsync({ id: project.id, body: toProjectRequest(values, true) });
        toast.success(t('projects.toast.updated'));
      } else {
        await create.mutateAsync(toProjectRequest(values));
        toast.success(t('projects.toast.created'));
      }
      onClose();
    } catch (error) {
      toastFailure(error, project ? t('projects.toast.saveError') : t('projects.toast.createError'));
    }
  };

  const customerLabel = (name: string, city: string | null) => (city ? `${name} (${city})` : name);
  const customerOptions = (customers.data?.items ?? []).map((c) => ({
    value: c.id,
    label: customerLabel(c.name, c.city),
  }));
  // The project's own customer keeps its label even when it is not among the search's matches.
  if (project && !customerOptions.some((o) => o.value === project.customer_id))
    customerOptions.unshift({
      value: project.customer_id,
      label: customerLabel(project.customer_name, project.customer_city),
    });

  return (
    <FormModal
      open={open}
      form={form}
      title={project ? t('projects.editTitle') : t('projects.createTitle')}
      okText={project ? t('common.save') : t('common.create')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      confirmLoading={saving}
      width={680}
    >
      {customers.isSuccess && customers.data.total === 0 && customerSearch.trim() === '' ? (
        <Alert type="info" showIcon title={t('projects.noCustomers')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<ProjectFormValues>
        name="project"
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{ status: 'planned' }}
      >
        <Form.Item
          name="customerId"
          label={t('projects.fields.customer')}
          required
          rules={[zodRule(fields.customerId)]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setCustomerSearch, searchValue: customerSearch }}
            onChange={() => setCustomerSearch('')}
            loading={customers.isFetching}
            options={customerOptions}
            placeholder={t('projects.fields.customerPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="title" label={t('projects.fields.title')} required rules={[zodRule(fields.title)]}>
          <Input />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="projectNumber"
              label={t('projects.fields.projectNumber')}
              extra={project ? undefined : t('projects.fields.projectNumberHint')}
              rules={[zodRule(fields.projectNumber)]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('projects.fields.status')}>
              <Select options={PROJECT_STATUSES.map((s) => ({ value: s, label: t(`projects.status.${s}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="startDate" label={t('projects.fields.startDate')} {...dateItemProps}>
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} inputReadOnly={isMobile} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item
              name="endDate"
              label={t('projects.fields.endDate')}
              dependencies={['startDate']}
              {...dateItemProps}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: string | null) => {
                    const start = getFieldValue('startDate') as string | null;
                    if (value && start && value < start) throw new Error(t('projects.endBeforeStart'));
                  },
                }),
              ]}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} inputReadOnly={isMobile} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="budget" label={t('projects.fields.budget')} rules={[zodRule(fields.budget)]}>
          <InputNumber<number> min={0} step={0.01} precision={2} style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="description" label={t('projects.fields.description')} rules={[zodRule(fields.description)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
