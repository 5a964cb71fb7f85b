import { useEffect } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import {
  ABSENCE_TYPES,
  createAbsenceRequestSchema,
  type AbsenceType,
  type CreateAbsenceRequest,
  type HalfDay,
} from '@zunft/contracts';
import { FormModal, useIsMobile } from '@zunft/ui-kit';
import { serverErrorOr, toast } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useCreateAbsence } from '../api/useWorkingTime';

export interface AbsenceFormValues {
  userId: string | null;
  type: AbsenceType;
  startDate: string | null;
  endDate: string | null;
  halfDay: HalfDay | 'full';
  note?: string;
}

interface Props {
  open: boolean;
  /** The office records any type for anyone; an employee requests their own holiday. */
  office: boolean;
  /** The office's choice of employees (id, name). */
  employees: readonly { id: string; name: string }[];
  /** Preselected employee (the one the screen shows) and first day. */
  initialUserId: string | null;
  initialDate: string;
  onClose: () => void;
}

const DATE_FORMAT = 'DD.MM.YYYY';
const dateItemProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/** The request body from the form, or the field errors of the contract's schema. */
export function toAbsenceRequest(
  values: AbsenceFormValues,
  office: boolean,
): { body: CreateAbsenceRequest } | { errors: { name: keyof AbsenceFormValues; errors: string[] }[] } {
  const parsed = createAbsenceRequestSchema.safeParse({
    userId: office ? values.userId : null,
    type: office ? values.type : 'holiday',
    startDate: values.startDate ?? '',
    endDate: values.endDate ?? '',
    halfDay: values.halfDay === 'full' ? null : values.halfDay,
    note: values.note ?? null,
  });
  if (parsed.success) {
    const { userId, type, startDate, endDate, halfDay, note } = parsed.data;
    return { body: { ...(userId ? { userId } : {}), type, startDate, endDate, halfDay, note } };
  }
  const byField = new Map<keyof AbsenceFormValues, string[]>();
  for (const issue of parsed.error.issues) {
    const name = (issue.path[0] ?? 'startDate') as keyof AbsenceFormValues;
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return { errors: [...byField].map(([name, errors]) => ({ name, errors })) };
}

/**
 * An employee requests holiday (a phone is enough); the office records any absence for anyone,
 * approved at once. Full days or, for a single day, the morning or the afternoon.
 */
export function AbsenceFormModal({ open, office, employees, initialUserId, initialDate, onClose }: Props) {
  const t = useTimeT();
  const [form] = Form.useForm<AbsenceFormValues>();
  const isMobile = useIsMobile();
  const create = useCreateAbsence();
  const startDate = Form.useWatch('startDate', form);
  const endDate = Form.useWatch('endDate', form);
  const singleDay = !!startDate && startDate === endDate;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      userId: initialUserId,
      type: 'holiday',
      startDate: initialDate,
      endDate: initialDate,
      halfDay: 'full',
    });
  }, [open, initialUserId, initialDate, form]);

  // A half day only for a single day: a longer period goes back to full days.
  useEffect(() => {
    if (!singleDay && form.getFieldValue('halfDay') !== 'full') form.setFieldValue('halfDay', 'full');
  }, [singleDay, form]);

  const submit = async (values: AbsenceFormValues) => {
    const result = toAbsenceRequest(values, office);
    if ('errors' in result) {
      form.setFields(result.errors);
      return;
    }
    try {
      await create.mutateAsync(result.body);
      toast.success(office ? t('workingTime.toast.recorded') : t('workingTime.toast.requested'));
      onClose();
    } catch (error) {
      toast.error(serverErrorOr(error, t('workingTime.toast.saveError')));
    }
  };

  const required = { required: true, message: t('workingTime.absences.required') };
  return (
    <FormModal
      form={form}
      width={560}
      open={open}
      title={office ? t('workingTime.absences.recordTitle') : t('workingTime.absences.requestTitle')}
      okText={office ? t('workingTime.absences.submitRecord') : t('workingTime.absences.submitRequest')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onCancel={onClose}
    >
      <Form<AbsenceFormValues>
        form={form}
        name="absence"
        layout="vertical"
        requiredMark="optional"
        onFinish={(values) => void submit(values)}
        disabled={create.isPending}
      >
        {office ? (
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="userId" label={t('workingTime.employee')} rules={[required]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  options={employees.map((e) => ({ value: e.id, label: e.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="type" label={t('workingTime.absences.type')} rules={[required]}>
                <Select
                  options={ABSENCE_TYPES.map((type) => ({
                    value: type,
                    label: t(`workingTime.absences.types.${type}`),
                  }))}
                />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
        <Row gutter={16}>
          <Col xs={12}>
            <Form.Item name="startDate" label={t('workingTime.absences.from')} rules={[required]} {...dateItemProps}>
              <DatePicker
                format={DATE_FORMAT}
                style={{ width: '100%' }}
                inputReadOnly={isMobile}
                allowClear={false}
                onChange={(value: Dayjs | null) => {
                  // A later first day moves the last day along.
                  const end = form.getFieldValue('endDate') as string | null;
                  const start = value ? value.format('YYYY-MM-DD') : null;
                  if (start && (!end || end < start)) form.setFieldValue('endDate', start);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="endDate" label={t('workingTime.absences.to')} rules={[required]} {...dateItemProps}>
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} inputReadOnly={isMobile} allowClear={false} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="halfDay"
          label={t('workingTime.absences.halfDay')}
          extra={singleDay ? undefined : t('workingTime.absences.halfDayHint')}
        >
          <Select
            disabled={!singleDay}
            options={[
              { value: 'full', label: t('workingTime.absences.fullDays') },
              { value: 'am', label: t('workingTime.absences.halfDays.am') },
              { value: 'pm', label: t('workingTime.absences.halfDays.pm') },
            ]}
          />
        </Form.Item>
        <Form.Item name="note" label={t('workingTime.absences.note')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {office ? null : (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('workingTime.absences.requestHint')}
          </Typography.Paragraph>
        )}
      </Form>
    </FormModal>
  );
}
