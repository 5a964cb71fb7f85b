import {
  CheckOutlined,
  CloseCircleOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { Alert, Button, Descriptions, Divider, Flex, Modal, Popconfirm, Skeleton, Table, Typography } from 'antd';
import {
  canChangeReportStatus,
  type ReportDetailDto,
  type ReportDto,
  type ReportEmployeeDto,
  type ReportMaterialDto,
} from '@zunft/contracts';
import { LoadError, useIsMobile } from '@zunft/ui-kit';
import { formatCHF, formatDate, formatNumber, serverErrorText, useErrorToast } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { useReportQuery } from '../api/useReports';
import { ReportImages } from './ReportImages';
import { ReportStatusTag, useReportTitle } from './ReportList';
import { canCreateInvoice, isLocked } from './reportHelpers';
import { SignatureSection } from './SignatureSection';
import type { ManualReportStatus, ReportActions } from './useReportActions';

function Content({ report }: { report: ReportDetailDto }) {
  const t = useBillingT();
  const { content } = report;
  const excluded = content.excluded.time_entries + content.excluded.material_usage + content.excluded.expenses;
  return (
    <>
      {content.is_empty ? <Alert type="info" showIcon title={t('reports.detail.emptyPeriod')} /> : null}
      {excluded > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('reports.detail.excluded', { count: excluded })}
          style={{ marginTop: 8 }}
        />
      ) : null}
      {content.employees.length > 0 ? (
        <>
          <Typography.Title level={5}>{t('reports.detail.employees')}</Typography.Title>
          <Table<ReportEmployeeDto>
            rowKey="employee_id"
            size="small"
            pagination={false}
            dataSource={content.employees}
            columns={[
              { key: 'name', render: (_, e) => e.employee_name },
              {
                key: 'hours',
                align: 'right',
                render: (_, e) => formatNumber(e.hours, 2),
              },
            ]}
            showHeader={false}
          />
        </>
      ) : null}
      {content.materials.length > 0 ? (
        <>
          <Typography.Title level={5}>{t('reports.detail.materials')}</Typography.Title>
          <Table<ReportMaterialDto>
            rowKey="usage_id"
            size="small"
            pagination={false}
            showHeader={false}
            dataSource={content.materials}
            columns={[
              { key: 'name', render: (_, m) => m.name },
              {
                key: 'qty',
                align: 'right',
                render: (_, m) => `${formatNumber(m.quantity)} ${m.unit}`,
              },
              { key: 'total', align: 'right', render: (_, m) => formatCHF(m.total_price) },
            ]}
          />
        </>
      ) : null}
    </>
  );
}

/**
 * The office's status buttons (part 2 §6: admin and backoffice), one per transition the server
 * allows from the current status (`REPORT_STATUS_TRANSITIONS`): 'Genehmigen' for a signed report,
 * 'Als abgelehnt markieren' for a sent one, 'Zurück in Entwurf' for a sent or rejected one. Both
 * of the latter ask first; from 'sent' they say that the customer's link stops working.
 */
function StatusActions({ report, actions }: { report: ReportDto; actions: ReportActions }) {
  const t = useBillingT();
  const can = (to: ManualReportStatus) => canChangeReportStatus(report.status, to);
  const busy = (to: ManualReportStatus) => actions.changingStatus === to;
  const linkHint = report.status === 'sent' ? t('reports.detail.linkInvalidHint') : undefined;
  return (
    <>
      {can('approved') ? (
        <Button
          icon={<CheckOutlined />}
          loading={busy('approved')}
          onClick={() => void actions.changeStatus(report, 'approved')}
        >
          {t('reports.detail.approve')}
        </Button>
      ) : null}
      {can('draft') ? (
        <Popconfirm
          title={t('reports.detail.toDraftConfirm', { number: report.report_number })}
          description={linkHint}
          okText={t('reports.detail.toDraft')}
          cancelText={t('common.cancel')}
          onConfirm={() => actions.changeStatus(report, 'draft')}
        >
          <Button icon={<RollbackOutlined />} loading={busy('draft')}>
            {t('reports.detail.toDraft')}
          </Button>
        </Popconfirm>
      ) : null}
      {can('rejected') ? (
        <Popconfirm
          title={t('reports.detail.rejectConfirm', { number: report.report_number })}
          description={linkHint}
          okText={t('reports.detail.reject')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => actions.changeStatus(report, 'rejected')}
        >
          <Button danger icon={<CloseCircleOutlined />} loading={busy('rejected')}>
            {t('reports.detail.reject')}
          </Button>
        </Popconfirm>
      ) : null}
    </>
  );
}

/**
 * The report's detail dialog (part 2 §2): project, customer, period, status, the snapshot's hours
 * and materials, images, the digital signature section, PDF download, 'Rechnung erstellen' once
 * signed, the office's status changes and close.
 */
export function ReportDetailModal({
  report,
  actions,
  canManage,
  onClose,
}: {
  report: ReportDto | null;
  actions: ReportActions;
  /** Part 2 §6: the office (admin, backoffice) changes the status. */
  canManage: boolean;
  onClose: () => void;
}) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const title = useReportTitle();
  const query = useReportQuery(report?.id ?? null);
  useErrorToast(query, t('reports.toast.detailLoadError'));
  // The list row while the detail loads; the fresh detail once it is there.
  const current: ReportDto | null = query.data ?? report;
  const detail = query.data ?? null;
  const navigate = useNavigate();

  const footer = current ? (
    <Flex gap={8} justify="flex-end" wrap="wrap">
      <Button icon={<FilePdfOutlined />} onClick={() => void actions.downloadPdf(current)}>
        {t('reports.detail.pdf')}
      </Button>
      {canManage ? <StatusActions report={current} actions={actions} /> : null}
      {canCreateInvoice(current) ? (
        <Button
          type="primary"
          icon={<FileTextOutlined />}
          loading={actions.creatingInvoice}
          onClick={() => void actions.createInvoice(current)}
        >
          {t('reports.detail.createInvoice')}
        </Button>
      ) : null}
      {canManage && current.invoice_id ? (
        <Button
          icon={<FileTextOutlined />}
          onClick={() => void navigate(`/invoices?invoice=${encodeURIComponent(current.invoice_id ?? '')}`)}
        >
          {t('reports.detail.openInvoice')}
        </Button>
      ) : null}
      <Button onClick={onClose}>{t('reports.detail.close')}</Button>
    </Flex>
  ) : null;

  return (
    <Modal
      open={report !== null}
      title={current ? t('reports.detail.title', { number: current.report_number }) : null}
      onCancel={onClose}
      footer={footer}
      width={isMobile ? '100%' : 820}
      style={isMobile ? { top: 0, maxWidth: '100vw', padding: 0 } : undefined}
      destroyOnHidden
    >
      {current ? (
        <>
          <Typography.Title level={4} style={{ marginTop: 0, hyphens: 'auto' }}>
            {title(current)}
          </Typography.Title>
          <Descriptions
            size="small"
            column={isMobile ? 1 : 2}
            bordered
            items={[
              { key: 'project', label: t('reports.detail.project'), children: current.project_title },
              { key: 'customer', label: t('reports.detail.customer'), children: current.customer_name },
              {
                key: 'period',
                label: t('reports.detail.period'),
                children: t('reports.period', {
                  from: formatDate(current.period_start),
                  to: formatDate(current.period_end),
                }),
              },
              { key: 'status', label: t('reports.detail.status'), children: <ReportStatusTag report={current} /> },
              { key: 'created', label: t('reports.detail.created'), children: formatDate(current.created_at) },
              { key: 'hours', label: t('reports.detail.hours'), children: formatNumber(current.total_hours, 2) },
              ...(current.notes
                ? [{ key: 'notes', label: t('reports.detail.notes'), span: 2, children: current.notes }]
                : []),
            ]}
          />
          {query.isError && !detail ? (
            <div style={{ marginTop: 16 }}>
              <LoadError
                title={t('reports.toast.detailLoadError')}
                detail={serverErrorText(query.error) ?? t('common.loadFailed')}
                retryLabel={t('common.retry')}
                onRetry={() => void query.refetch()}
              />
            </div>
          ) : !detail ? (
            <Skeleton active style={{ marginTop: 16 }} />
          ) : (
            <>
              <Content report={detail} />
              <Divider />
              <ReportImages reportId={detail.id} images={detail.images} locked={isLocked(detail)} />
              <Divider />
              <SignatureSection report={detail} actions={actions} />
            </>
          )}
        </>
      ) : null}
    </Modal>
  );
}
