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
import { Button, Card, Col, Flex, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ProjectDto } from '@zunft/contracts';
import {
  EmptyState,
  LinkButton,
  ListToolbar,
  LoadError,
  PageHeader,
  StatCardGrid,
  useIsMobile,
  type ViewMode,
  ViewToggle,
} from '@zunft/ui-kit';
import { serverErrorText, toast, toastFailure, useErrorToast, useSession } from '@zunft/web-common';
import { DeleteButton } from '../../../shared/DeleteButton';
import { useTimeT } from '../../../shared/i18n';
import { useCreateAction } from '../../../shared/useCreateAction';
import { useDeleteProject, useProjectsQuery } from '../api/useProjects';
import { ProjectDetailDrawer } from './ProjectDetailDrawer';
import { ProjectFormModal } from './ProjectFormModal';
import { STATUS_COLORS, filterProjects, formatPeriod, projectStats } from './projectHelpers';

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

/** Projects (part 1 §2): stat cards, table or cards, create/edit dialog, detail view with team. */
export function ProjectsScreen() {
  const t = useTimeT();
  const { isBackoffice } = useSession();
  const isMobile = useIsMobile();
  const query = useProjectsQuery();
  const remove = useDeleteProject();
  const [search, setSearch] = useState('');
  const [view, setView] = useState<ViewMode>('list');
  const [dialog, setDialog] = useState<{ open: boolean; project: ProjectDto | null }>({ open: false, project: null });
  const [detailId, setDetailId] = useState<string | null>(null);
  useErrorToast(query, t('projects.toast.loadError'));

  const openCreate = useCallback(() => setDialog({ open: true, project: null }), []);
  useCreateAction(openCreate, isBackoffice);

  const all = useMemo(() => query.data ?? [], [query.data]);
  const visible = useMemo(() => filterProjects(all, search), [all, search]);
  const stats = projectStats(all);
  // The detail view follows the list, so an assignment shows at once.
  const detail = all.find((p) => p.id === detailId) ?? null;
  const mode: ViewMode = isMobile ? 'cards' : isBackoffice ? view : 'list';

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
      pagination={visible.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
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
        loading={query.isPending}
        cards={[
          { title: t('projects.stats.total'), value: stats.total, icon: <ProjectOutlined /> },
          {
            title: t('projects.stats.inProgress'),
            value: stats.inProgress,
            icon: <ClockCircleOutlined />,
            color: '#d48806',
          },
          {
            title: t('projects.stats.completed'),
            value: stats.completed,
            icon: <CheckCircleOutlined />,
            color: '#389e0d',
          },
          { title: t('projects.stats.planned'), value: stats.planned, icon: <ScheduleOutlined />, color: '#722ed1' },
        ]}
      />
      <Card>
        {all.length > 0 ? (
          <ListToolbar
            searchLabel={t('projects.search')}
            search={search}
            onSearch={setSearch}
            extra={
              isBackoffice && !isMobile ? (
                <ViewToggle
                  value={view}
                  onChange={setView}
                  listLabel={t('common.viewList')}
                  cardsLabel={t('common.viewCards')}
                />
              ) : null
            }
          />
        ) : null}
        {query.isPending ? (
          <Flex justify="center" style={{ padding: 40 }}>
            <Spin size="large" />
          </Flex>
        ) : query.isError ? (
          <LoadError
            title={t('projects.toast.loadError')}
            detail={serverErrorText(query.error) ?? t('common.loadFailed')}
            retryLabel={t('common.retry')}
            onRetry={() => void query.refetch()}
          />
        ) : all.length === 0 ? (
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
        ) : visible.length === 0 ? (
          <EmptyState icon={<SearchOutlined />} title={t('projects.noneFound')} />
        ) : mode === 'cards' ? (
          cards
        ) : (
          table
        )}
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
