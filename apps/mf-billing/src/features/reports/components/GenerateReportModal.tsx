import { useEffect } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Col, DatePicker, Form, Input, Row, Typography } from 'antd';
import { REPORT_LIMITS, type GenerateReportRequest, type ProjectDto, type ReportDto } from '@zunft/contracts';
import { FormModal, useIsMobile } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { SearchSelect } from '../../../shared/SearchSelect';
import { reportsApi } from '../api/reports.api';
import { reportsKeys } from '../api/useReports';
import { defaultPeriod } from './reportHelpers';
import type { ReportActions } from './useReportActions';

interface Values {
  projectId?: string;
  periodStart: string | null;
  periodEnd: string | null;
  title?: string;
  notes?: string;
}

const DATE_FORMAT = 'DD.MM.YYYY';
const projectLabel = (p: ProjectDto) => `${p.project_number} · ${p.title} (${p.customer_name})`;
const dateItemProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/**
 * 'Rapport generieren' (part 2 §2, §5): project, period (required), optional title and notes. After
 * generating, the screen downloads the PDF 1 s later (useReportActions.generate).
 */
export function GenerateReportModal({
  open,
  actions,
  onClose,
  onGenerated,
}: {
  open: boolean;
  actions: ReportActions;
  onClose: () => void;
  onGenerated: (report: ReportDto) => void;
}) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    const period = defaultPeriod();
    form.resetFields();
    form.setFieldsValue({ periodStart: period.start, periodEnd: period.end });
  }, [open, form]);

  const submit = async (values: Values) => {
    const body: GenerateReportRequest = {
      projectId: values.projectId ?? '',
      periodStart: values.periodStart ?? '',
      periodEnd: values.periodEnd ?? '',
      title: values.title?.trim() || null,
      notes: values.notes?.trim() || null,
    };
    const report = await actions.generate(body);
    if (report) {
      onClose();
      onGenerated(report);
    }
  };

  return (
    <FormModal
      form={form}
      width={560}
      open={open}
      title={t('reports.form.title')}
      okText={t('reports.form.submit')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      confirmLoading={actions.generating}
    >
      <Form<Values> form={form} layout="vertical" requiredMark onFinish={(v) => void submit(v)}>
        <Form.Item
          name="projectId"
          label={t('reports.form.project')}
          rules={[{ required: true, message: t('reports.form.projectRequired') }]}
        >
          <SearchSelect<ProjectDto>
            enabled={open}
            queryKey={reportsKeys.projects()}
            search={reportsApi.projects}
            byId={reportsApi.project}
            label={projectLabel}
            errorToast={t('reports.toast.projectsLoadError')}
            placeholder={t('reports.form.projectPlaceholder')}
            notFoundContent={t('reports.form.noProjects')}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="periodStart"
              label={t('reports.form.periodStart')}
              rules={[{ required: true, message: t('reports.form.periodStartRequired') }]}
              {...dateItemProps}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} inputReadOnly={isMobile} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="periodEnd"
              label={t('reports.form.periodEnd')}
              dependencies={['periodStart']}
              rules={[
                { required: true, message: t('reports.form.periodEndRequired') },
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: string | null) => {
                    const start = getFieldValue('periodStart') as string | null;
                    if (value && start && value < start) throw new Error(t('reports.form.periodOrder'));
                  },
                }),
              ]}
              {...dateItemProps}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} inputReadOnly={isMobile} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="title" label={t('reports.form.reportTitle')} extra={t('reports.form.reportTitleHint')}>
          <Input maxLength={REPORT_LIMITS.maxTitleLength} />
        </Form.Item>
        <Form.Item name="notes" label={t('reports.form.notes')}>
          <Input.TextArea rows={3} maxLength={REPORT_LIMITS.maxNotesLength} />
        </Form.Item>
        <Typography.Text type="secondary">{t('reports.form.pdfHint')}</Typography.Text>
      </Form>
    </FormModal>
  );
}
