import { useCallback, useMemo, useState } from 'react';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EditOutlined,
  FieldTimeOutlined,
  PlusOutlined,
  ProjectOutlined,
  ScheduleOutlined,
  SearchOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { OPERATIONS_LIMITS, PROJECT_STATUSES, type ProjectDto, type ProjectStatus } from '@zunft/contracts';
import {
  EmptyState,
  LinkButton,
  ListScreen,
  PageHeader,
  StatCardGrid,
  useListControls,
  type ViewMode,
} from '@zunft/ui-kit';
import { serverErrorText, toast, toastFailure, useErrorToast, useSession } from '@zunft/web-common';
import { DeleteButton } from '../../../shared/DeleteButton';
import { useTimeT } from '../../../shared/i18n';
import { useCreateAction } from '../../../shared/useCreateAction';
import { useDeleteProject, useProjectQuery, useProjectStats, useProjectsPageQuery } from '../api/useProjects';
import { ProjectDetailDrawer } from './ProjectDetailDrawer';
import { ProjectFormModal } from './ProjectFormModal';
import { STATUS_COLORS, formatPeriod } from './projectHelpers';

const PAGE_SIZE = OPERATIONS_LIMITS.defaultPageSize;

interface RowActions {
  canEdit: boolean;
  onEdit: (p: ProjectDto) => void;
  onDelete: (p: ProjectDto) => Promise<unknown>;
}

function ProjectLinks({ project }: { project: ProjectDto }) {
  const t = useTimeT();
  // Stop the click from also opening the detail view of the row.
  return (
    <Space.Compact onClick={(e) => e.stopPropagation()}>
      <LinkButton
        to={`/time-tracking?project=${project.id}`}
        icon={<FieldTimeOutlined />}
        aria-label={`${t('projects.links.timeTracking')}: ${project.title}`}
        title={t('projects.links.timeTracking')}
      />
      <LinkButton
        to={`/materials?project=${project.id}`}
        icon={<ToolOutlined />}
        aria-label={`${t('projects.links.materials')}: ${project.title}`}
        title={t('projects.links.materials')}
      />
    </Space.Compact>
  );
}

function EditDelete({ project, onEdit, onDelete }: RowActions & { project: ProjectDto }) {
  const t = useTimeT();
  return (
    <Space.Compact onClick={(e) => e.stopPropagation()}>
      <Button
        icon={<EditOutlined />}
        onClick={() => onEdit(project)}
        aria-label={`${t('common.edit')}: ${project.title}`}
      />
      <DeleteButton
        question={t('projects.deleteConfirm', { name: project.title })}
        onConfirm={() => onDelete(project)}
      />
    </Space.Compact>
  );
}

function StatusTag({ project }: { project: ProjectDto }) {
  const t = useTimeT();
  return <Tag color={STATUS_COLORS[project.status]}>{t(`projects.status.${project.status}`)}</Tag>;
}

/**
 * Projects (part 1 §2): stat cards, table or cards, create/edit dialog, detail view with team. The
 * server searches, filters by status and pages (issue 13: a company with 100,000 projects loads one
 * page of 50); the stat cards come from GET /projects/stats.
 */
export function ProjectsScreen() {
  const t = useTimeT();
  const { isBackoffice } = useSession();
  const [status, setStatus] = useState<ProjectStatus | null>(null);
  // search (debounced), page (back to 1 on a new search or status), table or cards
  const list = useListControls(status);
  const { isMobile, page, term } = list;
  const query = useProjectsPageQuery({ search: term, status, page, pageSize: PAGE_SIZE });
  const statsQuery = useProjectStats();
  const remove = useDeleteProject();
  const [dialog, setDialog] = useState<{ open: boolean; project: ProjectDto | null }>({ open: false, project: null });
  const [detailId, setDetailId] = useState<string | null>(null);
  useErrorToast(query, t('projects.toast.loadError'));

  const openCreate = useCallback(() => setDialog({ open: true, project: null }), []);
  useCreateAction(openCreate, isBackoffice);

  const visible = useMemo(() => query.data?.items ?? [], [query.data]);
  const total = query.data?.total ?? 0;
  const filtered = term !== '' || status !== null;
  const stats = statsQuery.data;
  // Without figures (the stats call failed) a dash, never a made-up 0.
  const figure = (value: number | undefined) => (statsQuery.isError ? '–' : (value ?? 0));
  // The detail view follows the page, so an assignment shows at once; a project no longer on the
  // page (edited out of the filter) is read by id.
  const onPage = visible.find((p) => p.id === detailId) ?? null;
  const detailQuery = useProjectQuery(detailId && !onPage ? detailId : null);
  const detail = detailId ? (onPage ?? detailQuery.data ?? null) : null;
  const mode: ViewMode = isMobile ? 'cards' : isBackoffice ? list.mode : 'list';

  const onDelete = async (project: ProjectDto) => {
    try {
      await remove.mutateAsync(project.id);
      toast.success(t('projects.toast.deleted'));
      setDetailId(null);
    } catch (error) {
      toastFailure(error, t('projects.toast.deleteError'));
    }
  };
  const actions: RowActions = {
    canEdit: isBackoffice,
    onEdit: (project) => setDialog({ open: true, project }),
    onDelete,
  };

  const table = (
    <Table<ProjectDto>
      rowKey="id"
      dataSource={visible}
      loading={query.isFetching && query.isPlaceholderData}
      pagination={false}
      scroll={{ x: 760 }}
      onRow={(p) => ({ onClick: () => setDetailId(p.id), style: { cursor: 'pointer' } })}
      columns={[
        {
          title: t('projects.columns.project'),
          key: 'project',
          render: (_, p) => (
            <>
              <Typography.Text strong>{p.title}</Typography.Text>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.project_number}
              </Typography.Text>
            </>
          ),
        },
        {
          title: t('projects.columns.customer'),
          key: 'customer',
          render: (_, p) => (
            <>
              {p.customer_name}
              {p.customer_city ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {p.customer_city}
                </Typography.Text>
              ) : null}
            </>
          ),
        },
        { title: t('projects.columns.status'), key: 'status', render: (_, p) => <StatusTag project={p} /> },
        {
          title: t('projects.columns.period'),
          key: 'period',
          render: (_, p) => formatPeriod(p, t('projects.periodOpen')),
        },
        ...(isBackoffice
          ? [
              {
                title: t('common.actions'),
                key: 'actions',
                align: 'right' as const,
                render: (_: unknown, p: ProjectDto) => (
                  <Flex gap={8} justify="flex-end">
                    <ProjectLinks project={p} />
                    <EditDelete {...actions} project={p} />
                  </Flex>
                ),
              },
            ]
          : []),
      ]}
    />
  );

  const cards = (
    <Row gutter={[12, 12]}>
      {visible.map((p) => (
        <Col key={p.id} xs={24} md={12} xl={8}>
          <Card
            size="small"
            hoverable
            style={{ height: '100%' }}
            onClick={() => setDetailId(p.id)}
            title={p.title}
            extra={<StatusTag project={p} />}
          >
            <Flex vertical gap={6}>
              <Typography.Text type="secondary">{p.project_number}</Typography.Text>
              <Typography.Text>
                {p.customer_name}
                {p.customer_city ? `, ${p.customer_city}` : ''}
              </Typography.Text>
              <Typography.Text type="secondary">{formatPeriod(p, t('projects.periodOpen'))}</Typography.Text>
              {isBackoffice ? (
                <Flex gap={8} justify="space-between" wrap="wrap">
                  <ProjectLinks project={p} />
                  <EditDelete {...actions} project={p} />
                </Flex>
              ) : null}
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );

  return (
    <>
      <PageHeader
        title={t('projects.title')}
        subtitle={t('projects.subtitle')}
        icon={<ProjectOutlined />}
        extra={
          isBackoffice ? (
            <Button type="primary" size="large" icon={<PlusOutlined />} onClick={openCreate}>
              {t('projects.new')}
            </Button>
          ) : null
        }
      />
      <StatCardGrid
        loading={statsQuery.isPending}
        cards={[
          { title: t('projects.stats.total'), value: figure(stats?.total), icon: <ProjectOutlined /> },
          {
            title: t('projects.stats.inProgress'),
            value: figure(stats?.in_progress),
            icon: <ClockCircleOutlined />,
            color: '#d48806',
          },
          {
            title: t('projects.stats.completed'),
            value: figure(stats?.completed),
            icon: <CheckCircleOutlined />,
            color: '#389e0d',
          },
          {
            title: t('projects.stats.planned'),
            value: figure(stats?.planned),
            icon: <ScheduleOutlined />,
            color: '#722ed1',
          },
        ]}
      />
      <Card>
        {/* The toolbar only once there is something to search or a filter to clear. */}
        <ListScreen<ProjectDto>
          search={
            total > 0 || filtered
              ? { label: t('projects.search'), value: list.search, onChange: list.setSearch }
              : undefined
          }
          filters={
            total > 0 || filtered ? (
              <Flex gap={12} wrap="wrap" align="center">
                <Select<ProjectStatus>
                  allowClear
                  size="large"
                  style={{ minWidth: 180 }}
                  placeholder={t('projects.allStatuses')}
                  aria-label={t('projects.filterStatus')}
                  value={status}
                  onChange={(value) => setStatus(value ?? null)}
                  options={PROJECT_STATUSES.map((s) => ({ value: s, label: t(`projects.status.${s}`) }))}
                />
                {query.data ? (
                  <Typography.Text type="secondary" data-testid="projects-total">
                    {t('projects.found', { count: total })}
                  </Typography.Text>
                ) : null}
              </Flex>
            ) : undefined
          }
          toggle={
            isBackoffice && !isMobile && (total > 0 || filtered)
              ? { listLabel: t('common.viewList'), cardsLabel: t('common.viewCards'), onChange: list.setMode }
              : undefined
          }
          mode={mode}
          items={visible}
          loading={query.isPending}
          error={
            query.isError
              ? {
                  title: t('projects.toast.loadError'),
                  detail: serverErrorText(query.error) ?? t('common.loadFailed'),
                  retryLabel: t('common.retry'),
                  onRetry: () => void query.refetch(),
                }
              : null
          }
          filtered={filtered || total > 0}
          emptyFiltered={<EmptyState icon={<SearchOutlined />} title={t('projects.noneFound')} />}
          empty={
            isBackoffice ? (
              <EmptyState
                icon={<ProjectOutlined />}
                title={t('projects.empty')}
                description={t('projects.emptyHint')}
                action={
                  <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
                    {t('projects.new')}
                  </Button>
                }
              />
            ) : (
              <EmptyState icon={<ProjectOutlined />} title={t('projects.emptyEmployee')} />
            )
          }
          table={() => table}
          cards={() => cards}
          paging={{ kind: 'pages', page, pageSize: PAGE_SIZE, total, onChange: list.setPage }}
        />
      </Card>
      <ProjectFormModal
        open={dialog.open}
        project={dialog.project}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <ProjectDetailDrawer
        project={detail}
        onClose={() => setDetailId(null)}
        onEdit={(project) => setDialog({ open: true, project })}
        onDelete={onDelete}
      />
    </>
  );
}
