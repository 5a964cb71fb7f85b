import { useEffect } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import {
  SCHEDULE_LIMITS,
  scheduleAssignmentFieldSchemas as fields,
  timeWindowError,
  type ScheduleAssignmentDto,
  type ScheduleEmployeeDto,
} from '@zunft/contracts';
import { FormModal, useIsMobile, zodRule } from '@zunft/ui-kit';
import { toast, toastFailure } from '@zunft/web-common';
import { DeleteButton } from '../../../shared/DeleteButton';
import { useTimeT } from '../../../shared/i18n';
import { ProjectSelect, type ProjectChoice } from '../../projects/components/ProjectSelect';
import { useDeleteAssignment, useSaveAssignment } from '../api/useScheduling';
import {
  employeeName,
  projectLabel,
  timeWindowText,
  toAssignmentFormValues,
  toAssignmentRequest,
  type AssignmentFormValues,
} from './scheduleHelpers';

interface Props {
  open: boolean;
  /** null: plan a new assignment */
  assignment: ScheduleAssignmentDto | null;
  /** Prefill of a new assignment (the clicked cell or day). */
  initial: { userId?: string; workDate?: string };
  employees: readonly ScheduleEmployeeDto[];
  /** The other assignments this one overlaps (from the week board). */
  conflicts: readonly ScheduleAssignmentDto[];
  onClose: () => void;
}

const DATE_FORMAT = 'DD.MM.YYYY';
const dateItemProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/**
 * 'Einsatz planen' / 'Einsatz bearbeiten': employee, open project, day, optional Von/Bis (both or
 * neither; neither = whole day), note. Editing also offers deletion (with confirmation). Overlaps
 * may be saved; the toast warns.
 */
export function AssignmentFormModal({ open, assignment, initial, employees, conflicts, onClose }: Props) {
  const t = useTimeT();
  const [form] = Form.useForm<AssignmentFormValues>();
  const isMobile = useIsMobile();
  const save = useSaveAssignment();
  const remove = useDeleteAssignment();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      assignment ? toAssignmentFormValues(assignment) : { userId: initial.userId, workDate: initial.workDate },
    );
    // The prefill is taken when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, assignment, form]);

  // Only planned or running projects can be planned (the server searches them, ProjectSelect); an
  // existing plan keeps showing its own project.
  const assignmentProject: ProjectChoice | null = assignment
    ? { id: assignment.project_id, title: assignment.project_title, project_number: assignment.project_number }
    : null;
  const employeeOptions = employees
    .filter((e) => e.is_active || e.id === assignment?.user_id)
    .map((e) => ({ value: e.id, label: employeeName(e) }));

  const submit = async (values: AssignmentFormValues) => {
    try {
      const saved = await save.mutateAsync({ id: assignment?.id ?? null, body: toAssignmentRequest(values) });
      toast.success(assignment ? t('scheduling.toast.updated') : t('scheduling.toast.created'));
      if (saved.conflict) toast.warning(t('scheduling.toast.conflict'));
      onClose();
    } catch (error) {
      toastFailure(error, t('scheduling.toast.saveError'));
    }
  };

  const onDelete = async () => {
    if (!assignment) return;
    try {
      await remove.mutateAsync(assignment.id);
      toast.success(t('scheduling.toast.deleted'));
      onClose();
    } catch (error) {
      toastFailure(error, t('scheduling.toast.deleteError'));
    }
  };

  const footer = (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
      <span>
        {assignment ? (
          <DeleteButton
            question={t('scheduling.form.deleteConfirm')}
            onConfirm={onDelete}
            loading={remove.isPending}
            block
          />
        ) : null}
      </span>
      <span style={{ display: 'flex', gap: 8 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {assignment ? t('common.save') : t('scheduling.form.save')}
        </Button>
      </span>
    </div>
  );

  return (
    <FormModal
      open={open}
      form={form}
      title={assignment ? t('scheduling.form.editTitle') : t('scheduling.form.createTitle')}
      onCancel={onClose}
      footer={footer}
      width={560}
    >
      {assignment && conflicts.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('scheduling.conflict')}
          description={t('scheduling.form.conflictAlert', {
            list: conflicts
              .map((c) => `${projectLabel(c)} (${timeWindowText(c, t('scheduling.wholeDay'))})`)
              .join(', '),
          })}
        />
      ) : null}
      <Form<AssignmentFormValues> name="assignment" form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="userId" label={t('scheduling.form.employee')} required rules={[zodRule(fields.userId)]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('scheduling.form.employeePlaceholder')}
            options={employeeOptions}
          />
        </Form.Item>
        <Form.Item name="projectId" label={t('scheduling.form.project')} required rules={[zodRule(fields.projectId)]}>
          <ProjectSelect
            openOnly
            label={(p) => projectLabel({ project_number: p.project_number, project_title: p.title })}
            known={[assignmentProject]}
            placeholder={t('scheduling.form.projectPlaceholder')}
            notFoundContent={t('scheduling.form.noProjects')}
          />
        </Form.Item>
        <Form.Item
          name="workDate"
          label={t('scheduling.form.date')}
          required
          rules={[zodRule(fields.workDate)]}
          {...dateItemProps}
        >
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} inputReadOnly={isMobile} allowClear={false} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="startTime" label={t('scheduling.form.from')} rules={[zodRule(fields.startTime)]}>
              <Input type="time" step={300} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="endTime"
              label={t('scheduling.form.to')}
              dependencies={['startTime']}
              rules={[
                zodRule(fields.endTime),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: string | null | undefined) => {
                    const start = (getFieldValue('startTime') as string | null | undefined) || null;
                    const error = timeWindowError(start, value || null);
                    if (error) throw new Error(error);
                  },
                }),
              ]}
            >
              <Input type="time" step={300} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('scheduling.form.timeHint')}
        </Typography.Paragraph>
        <Form.Item name="note" label={t('scheduling.form.note')} rules={[zodRule(fields.note)]}>
          <Input.TextArea rows={2} maxLength={SCHEDULE_LIMITS.maxNoteLength} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
