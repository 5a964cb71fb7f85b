import type { ReactNode } from 'react';
import { DeleteOutlined, EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Popconfirm, Row, Space, Table, Tag, Typography } from 'antd';
import type { ReportDto } from '@zunft/contracts';
import { formatDate } from '@zunft/web-common';
import { fromInteractive } from '../../../shared/dom';
import { useBillingT } from '../../../shared/i18n';
import { REPORT_STATUS_COLORS } from './reportHelpers';
import type { ReportActions } from './useReportActions';

interface Props {
  reports: ReportDto[];
  actions: ReportActions;
  onOpen: (report: ReportDto) => void;
  /** Part 2 §6: only the office deletes. */
  canDelete: boolean;
}

export function ReportStatusTag({ report }: { report: Pick<ReportDto, 'status'> }) {
  const t = useBillingT();
  return <Tag color={REPORT_STATUS_COLORS[report.status]}>{t(`reports.status.${report.status}`)}</Tag>;
}

/** Part 2 §2: title, falling back to 'Rapport {id}'. */
export function useReportTitle() {
  const t = useBillingT();
  return (report: Pick<ReportDto, 'id' | 'title'>) =>
    report.title?.trim() || t('reports.fallbackTitle', { id: report.id });
}

/** View, PDF and (office) delete with confirmation. */
function ReportRowActions({
  report,
  actions,
  onOpen,
  canDelete,
  block,
}: Omit<Props, 'reports'> & { report: ReportDto; block?: boolean }) {
  const t = useBillingT();
  const title = useReportTitle();
  const label = (text: string) => (block ? text : null);
  const grow = block ? { flex: '1 1 110px' } : undefined;
  const Group = block ? CardButtons : Space.Compact;
  return (
    <Group>
      <Button icon={<EyeOutlined />} aria-label={t('reports.actions.view')} onClick={() => onOpen(report)} style={grow}>
        {label(t('reports.actions.view'))}
      </Button>
      <Button
        icon={<FilePdfOutlined />}
        aria-label={t('reports.actions.pdf')}
        onClick={() => void actions.downloadPdf(report)}
        style={grow}
      >
        {label(t('reports.actions.pdf'))}
      </Button>
      {canDelete ? (
        <Popconfirm
          title={t('reports.deleteConfirm', { title: title(report) })}
          description={t('reports.deleteConfirmHint')}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => actions.remove(report)}
        >
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={t('reports.actions.delete')}
            loading={actions.deleting === report.id}
            style={grow}
          >
            {label(t('reports.actions.delete'))}
          </Button>
        </Popconfirm>
      ) : null}
    </Group>
  );
}

function CardButtons({ children }: { children: ReactNode }) {
  return (
    <Flex gap={8} wrap="wrap" style={{ marginTop: 4 }}>
      {children}
    </Flex>
  );
}

/**
 * The list view (part 2 §2): title (fallback 'Rapport {id}'), number, project and customer, period,
 * status, created, actions. It scrolls sideways inside its own container; `compact` (phones) pins
 * the title and puts the number under it.
 */
export function ReportTable({ reports, actions, onOpen, canDelete, compact = false }: Props & { compact?: boolean }) {
  const t = useBillingT();
  const title = useReportTitle();
  return (
    <Table<ReportDto>
      rowKey="id"
      dataSource={reports}
      size={compact ? 'small' : undefined}
      pagination={reports.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: compact ? 640 : 960 }}
      onRow={(report) => ({
        onClick: (event) => {
          if (!fromInteractive(event.target)) onOpen(report);
        },
        style: { cursor: 'pointer' },
      })}
      columns={[
        {
          title: t('reports.columns.title'),
          key: 'title',
          fixed: compact ? 'left' : undefined,
          width: compact ? 180 : undefined,
          render: (_, r) => (
            <>
              <Typography.Text strong style={{ hyphens: 'auto' }}>
                {title(r)}
              </Typography.Text>
              {compact ? (
                <>
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.report_number}
                  </Typography.Text>
                </>
              ) : null}
            </>
          ),
        },
        ...(compact
          ? []
          : [
              {
                title: t('reports.columns.number'),
                key: 'number',
                render: (_: unknown, r: ReportDto) => <span style={{ whiteSpace: 'nowrap' }}>{r.report_number}</span>,
              },
            ]),
        {
          title: t('reports.columns.projectCustomer'),
          key: 'project',
          render: (_, r) => (
            <>
              {r.project_title}
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.customer_name}
              </Typography.Text>
            </>
          ),
        },
        {
          title: t('reports.columns.period'),
          key: 'period',
          render: (_, r) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {t('reports.period', { from: formatDate(r.period_start), to: formatDate(r.period_end) })}
            </span>
          ),
        },
        { title: t('reports.columns.status'), key: 'status', render: (_, r) => <ReportStatusTag report={r} /> },
        ...(compact
          ? []
          : [
              {
                title: t('reports.columns.created'),
                key: 'created',
                render: (_: unknown, r: ReportDto) => formatDate(r.created_at),
              },
            ]),
        {
          title: t('common.actions'),
          key: 'actions',
          align: 'right',
          render: (_, r) => <ReportRowActions report={r} actions={actions} onOpen={onOpen} canDelete={canDelete} />,
        },
      ]}
    />
  );
}

export function ReportCards({ reports, actions, onOpen, canDelete }: Props) {
  const t = useBillingT();
  const title = useReportTitle();
  return (
    <Row gutter={[12, 12]}>
      {reports.map((r) => (
        <Col key={r.id} xs={24} md={12} xl={8}>
          <Card
            size="small"
            hoverable
            style={{ height: '100%' }}
            onClick={(event) => {
              if (!fromInteractive(event.target)) onOpen(r);
            }}
            title={
              <div style={{ whiteSpace: 'normal', padding: '4px 0' }}>
                <Typography.Text strong style={{ hyphens: 'auto' }}>
                  {title(r)}
                </Typography.Text>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
                  {r.report_number}
                </Typography.Text>
              </div>
            }
            extra={<ReportStatusTag report={r} />}
          >
            <Flex vertical gap={4}>
              <Typography.Text>
                {r.project_title} · {r.customer_name}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('reports.columns.period')}:{' '}
                {t('reports.period', { from: formatDate(r.period_start), to: formatDate(r.period_end) })}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('reports.columns.created')}: {formatDate(r.created_at)}
              </Typography.Text>
              <ReportRowActions report={r} actions={actions} onOpen={onOpen} canDelete={canDelete} block />
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
