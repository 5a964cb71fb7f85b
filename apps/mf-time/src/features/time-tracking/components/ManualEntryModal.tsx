import { useEffect, useRef, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, Form, Input, InputNumber } from 'antd';
import { DEFAULT_COMPANY_SETTINGS, OPERATIONS_LIMITS, calculateSurcharges, type TimeEntryDto } from '@zunft/contracts';
import { FormModal, useIsMobile } from '@zunft/ui-kit';
import { isApiError, toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useProjectQuery } from '../../projects/api/useProjects';
import { ProjectSelect, type ProjectChoice } from '../../projects/components/ProjectSelect';
import { useCreateTimeEntry, useSurchargeSettingsQuery, useUpdateTimeEntry } from '../api/useTimeEntries';
import { offlineTime } from '../offline/offlineTime';
import { startableProjects } from './recentProjects';
import { projectLabel } from './StartTimerCard';
import { SurchargePreview } from './SurchargePreview';

interface Props {
  /** The signed-in user: a new entry made without reception is queued for them (offline/). */
  userId?: string | null;
  open: boolean;
  /** `?project=`: preselected for a new entry once the caller may read that project. */
  initialProjectId: string | null;
  /** Set: edit this (not yet approved) entry instead of creating one. */
  entry?: TimeEntryDto | null;
  onClose: () => void;
}

export interface ManualEntryValues {
  projectId?: string;
  start?: Dayjs | null;
  end?: Dayjs | null;
  breakMinutes?: number | null;
  description?: string;
}

const FORMAT = 'DD.MM.YYYY HH:mm';

/**
 * Manual entry (part 1 §2/§5): project, start and end required, break ≥ 0 (default 0), live surcharges.
 * With `entry` it edits that entry (instead of the spec's placeholder 'Bearbeiten-Funktion wird implementiert').
 */
export function ManualEntryModal({ open, initialProjectId, entry = null, onClose, userId = null }: Props) {
  const t = useTimeT();
  const [form] = Form.useForm<ManualEntryValues>();
  const isMobile = useIsMobile();
  const create = useCreateTimeEntry();
  const update = useUpdateTimeEntry();
  const settingsQuery = useSurchargeSettingsQuery(open);
  const settings = settingsQuery.data ?? DEFAULT_COMPANY_SETTINGS;
  const start = Form.useWatch('start', form) ?? null;
  const end = Form.useWatch('end', form) ?? null;
  const breakMinutes = Form.useWatch('breakMinutes', form) ?? 0;
  // The id of the entry this dialog creates: chosen when it opens for a new entry and sent with every
  // save, so a save repeated after a lost answer gets the first entry instead of a second one.
  const createId = useRef<string | null>(null);
  const isNew = !entry;
  // The project select searches the server (ProjectSelect); `?project=` is read by id.
  const initial = useProjectQuery(initialProjectId, open && !entry);
  const [chosen, setChosen] = useState<ProjectChoice | null>(null);
  const entryProject: ProjectChoice | null = entry
    ? { id: entry.project_id, title: entry.project_title, project_number: entry.project_number }
    : null;

  useEffect(() => {
    createId.current = open && isNew ? crypto.randomUUID() : null;
  }, [open, isNew]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setChosen(null);
    if (entry) {
      form.setFieldsValue({
        projectId: entry.project_id,
        start: dayjs(entry.start_time),
        end: entry.end_time ? dayjs(entry.end_time) : null,
        breakMinutes: entry.break_minutes,
        description: entry.description ?? '',
      });
    } else if (initial.data) {
      form.setFieldValue('projectId', initial.data.id);
    }
    // Reset only when the dialog opens: a project list arriving later must not wipe what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, entry, initialProjectId, form]);

  // …but the `?project=` preselection is still made once the project is read, unless one was chosen.
  useEffect(() => {
    if (!open || entry || !initial.data || form.getFieldValue('projectId')) return;
    form.setFieldValue('projectId', initial.data.id);
  }, [open, entry, initial.data, form]);

  const submit = async (values: ManualEntryValues) => {
    if (!values.projectId || !values.start || !values.end) return;
    const startDate = values.start.toDate();
    const endDate = values.end.toDate();
    const fields = {
      projectId: values.projectId,
      startTime: startDate.toISOString(),
      endTime: endDate.toISOString(),
      breakMinutes: values.breakMinutes ?? 0,
      description: values.description?.trim() || null,
    };
    try {
      if (entry) {
        await update.mutateAsync({ id: entry.id, body: fields });
        toast.success(t('timeTracking.toast.updated'));
      } else {
        await create.mutateAsync({
          ...fields,
          id: createId.current ?? undefined,
          surcharges: calculateSurcharges(startDate, endDate, settings),
        });
        toast.success(t('timeTracking.toast.created'));
      }
      onClose();
    } catch (error) {
      // No reception: the new entry waits on the phone with its id and is sent when the connection returns.
      const offline = offlineTime();
      const id = createId.current;
      if (!entry && offline && userId && id && isApiError(error) && error.status === 0) {
        const title = [chosen, initial.data].find((p) => p?.id === fields.projectId)?.title ?? '';
        await offline.enqueue(userId, { ...fields, id }, title);
        toast.info(t('timeTracking.offline.manualQueued'));
        onClose();
        return;
      }
      toastFailure(error, entry ? t('timeTracking.toast.saveError') : t('timeTracking.toast.createError'));
    }
  };

  return (
    <FormModal
      open={open}
      form={form}
      title={entry ? t('timeTracking.manual.editTitle') : t('timeTracking.manual.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      width={560}
    >
      <Form<ManualEntryValues>
        name="manualEntry"
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{ breakMinutes: 0 }}
      >
        <Form.Item
          name="projectId"
          label={t('timeTracking.project')}
          rules={[{ required: true, message: t('timeTracking.projectRequired') }]}
        >
          <ProjectSelect
            label={projectLabel}
            order={startableProjects}
            known={[chosen, entryProject, initial.data]}
            placeholder={t('timeTracking.projectPlaceholder')}
            notFoundContent={t('timeTracking.noProjects')}
            onChange={(_, project) => setChosen(project)}
          />
        </Form.Item>
        <Form.Item
          name="start"
          label={t('timeTracking.manual.start')}
          rules={[{ required: true, message: t('timeTracking.manual.startRequired') }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={FORMAT}
            style={{ width: '100%' }}
            inputReadOnly={isMobile}
          />
        </Form.Item>
        <Form.Item
          name="end"
          label={t('timeTracking.manual.end')}
          dependencies={['start']}
          rules={[
            { required: true, message: t('timeTracking.manual.endRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: Dayjs | null) => {
                const from = getFieldValue('start') as Dayjs | null;
                if (value && from && !value.isAfter(from)) throw new Error(t('timeTracking.manual.endBeforeStart'));
              },
            }),
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={FORMAT}
            style={{ width: '100%' }}
            inputReadOnly={isMobile}
          />
        </Form.Item>
        <Form.Item name="breakMinutes" label={t('timeTracking.breakMinutes')}>
          <InputNumber<number>
            min={0}
            max={OPERATIONS_LIMITS.maxBreakMinutes}
            precision={0}
            inputMode="numeric"
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="description" label={t('timeTracking.description')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
      <SurchargePreview
        start={start ? start.toDate() : null}
        end={end ? end.toDate() : null}
        breakMinutes={breakMinutes ?? 0}
        settings={settings}
      />
    </FormModal>
  );
}
