import { CheckOutlined, EditOutlined, EnvironmentOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { Button, Card, Flex, List, Select, Space, Table, Tag, Typography } from 'antd';
import type { TimeEntryDto, TimeEntryStatus, UserDto } from '@zunft/contracts';
import { EmptyState, ListScreen, useIsMobile } from '@zunft/ui-kit';
import { formatDate, formatHours, serverErrorText, toast, toastFailure, useErrorToast } from '@zunft/web-common';
import { DeleteButton } from '../../../shared/DeleteButton';
import { useTimeT } from '../../../shared/i18n';
import { ProjectSelect } from '../../projects/components/ProjectSelect';
import { useApproveTimeEntry, useDeleteTimeEntry, useTimeEntriesQuery } from '../api/useTimeEntries';
import type { TimeEntryFilter } from '../api/timeEntries.api';
import { EntryWarnings } from './EntryWarnings';
import { SurchargeTags } from './SurchargeTags';
import { mapLink } from './geolocation';

const STATUS_COLORS: Record<TimeEntryStatus, string> = { active: 'green', completed: 'blue', approved: 'purple' };

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

interface Props {
  filter: TimeEntryFilter;
  onFilter: (filter: TimeEntryFilter) => void;
  /** Admin and backoffice: employee filter and approve. */
  users: UserDto[] | null;
  canApprove: boolean;
  onEdit: (entry: TimeEntryDto) => void;
}

/** The positions taken at start and stop (map links with their accuracy), shown to the office too. */
export function EntryLocation({ entry }: { entry: TimeEntryDto }) {
  const t = useTimeT();
  /** 'Start (±12 m)': the point and, when the browser gave one, its accuracy. */
  const label = (point: string, accuracy: number | null) =>
    accuracy === null ? point : t('timeTracking.list.locationAccuracy', { point, meters: Math.round(accuracy) });
  const points = [
    entry.start_latitude !== null && entry.start_longitude !== null
      ? {
          key: 'start',
          href: mapLink(entry.start_latitude, entry.start_longitude),
          label: label(t('timeTracking.manual.start'), entry.start_accuracy),
        }
      : null,
    entry.end_latitude !== null && entry.end_longitude !== null
      ? {
          key: 'end',
          href: mapLink(entry.end_latitude, entry.end_longitude),
          label: label(t('timeTracking.manual.end'), entry.end_accuracy),
        }
      : null,
  ].filter((p) => p !== null);
  if (points.length === 0) return null;
  return (
    <Space size={4} style={{ display: 'flex', fontSize: 12 }}>
      <EnvironmentOutlined aria-label={t('timeTracking.list.location')} />
      {points.map((p) => (
        <a key={p.key} href={p.href} target="_blank" rel="noreferrer">
          {p.label}
        </a>
      ))}
    </Space>
  );
}

/** Entries with filters by project and (admin/backoffice) employee; paginated by the server. */
export function TimeEntryList({ filter, onFilter, users, canApprove, onEdit }: Props) {
  const t = useTimeT();
  const isMobile = useIsMobile();
  const query = useTimeEntriesQuery(filter);
  const remove = useDeleteTimeEntry();
  const approve = useApproveTimeEntry();
  useErrorToast(query, t('timeTracking.toast.loadError'));
  const entries = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  // The filtered project's label from its entries (else the select reads it by id).
  const filtered = entries.find((e) => e.project_id === filter.projectId);

  const onDelete = async (entry: TimeEntryDto) => {
    try {
      await remove.mutateAsync(entry.id);
      toast.success(t('timeTracking.toast.deleted'));
    } catch (error) {
      toastFailure(error, t('timeTracking.toast.deleteError'));
    }
  };
  const onApprove = async (entry: TimeEntryDto) => {
    try {
      await approve.mutateAsync(entry.id);
      toast.success(t('timeTracking.toast.approved'));
    } catch (error) {
      toastFailure(error, t('timeTracking.toast.approveError'));
    }
  };

  // Part 1 §9: hours rounded to 0.1 ('1.5 h').
  const duration = (e: TimeEntryDto) => (e.total_minutes === null ? '–' : formatHours(e.total_minutes / 60));
  const span = (e: TimeEntryDto) => `${clock(e.start_time)} – ${e.end_time ? clock(e.end_time) : '…'}`;
  const status = (e: TimeEntryDto) => <Tag color={STATUS_COLORS[e.status]}>{t(`timeTracking.status.${e.status}`)}</Tag>;
  const actions = (e: TimeEntryDto) =>
    e.status === 'approved' || e.status === 'active' ? null : (
      <Space.Compact>
        <Button
          icon={<EditOutlined />}
          onClick={() => onEdit(e)}
          aria-label={t('common.edit')}
          title={t('common.edit')}
        />
        {canApprove ? (
          <Button
            icon={<CheckOutlined />}
            onClick={() => void onApprove(e)}
            loading={approve.isPending && approve.variables === e.id}
            aria-label={t('timeTracking.list.approve')}
            title={t('timeTracking.list.approve')}
          />
        ) : null}
        <DeleteButton question={t('timeTracking.list.deleteConfirm')} onConfirm={() => onDelete(e)} />
      </Space.Compact>
    );

  const filters = (
    <Flex gap={8} wrap="wrap">
      <ProjectSelect
        allowClear
        style={{ minWidth: 200, flex: '1 1 200px' }}
        placeholder={t('timeTracking.list.allProjects')}
        aria-label={t('timeTracking.list.filterProject')}
        notFoundContent={t('timeTracking.noProjects')}
        value={filter.projectId}
        known={
          filtered
            ? [{ id: filtered.project_id, title: filtered.project_title, project_number: filtered.project_number }]
            : []
        }
        onChange={(projectId) => onFilter({ ...filter, projectId, page: 1 })}
      />
      {users ? (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 180, flex: '1 1 180px' }}
          placeholder={t('timeTracking.list.allEmployees')}
          aria-label={t('timeTracking.list.filterEmployee')}
          value={filter.userId}
          onChange={(userId) => onFilter({ ...filter, userId: userId ?? null, page: 1 })}
          options={users.map((u) => ({ value: u.id, label: `${u.first_name} ${u.last_name}`.trim() || u.email }))}
        />
      ) : null}
    </Flex>
  );

  const cards = (items: readonly TimeEntryDto[]) => (
    <List
      dataSource={[...items]}
      renderItem={(e) => (
        <List.Item style={{ alignItems: 'flex-start', paddingInline: 0 }}>
          <List.Item.Meta
            title={
              <Flex justify="space-between" gap={8}>
                <span style={{ overflowWrap: 'anywhere' }}>{e.project_title}</span>
                {status(e)}
              </Flex>
            }
            description={
              <Flex vertical gap={2}>
                <span>
                  {formatDate(e.start_time)} · {span(e)} · <strong>{duration(e)}</strong>
                </span>
                {users ? <span>{e.user_name}</span> : null}
                {e.break_minutes > 0 ? (
                  <span>{t('timeTracking.list.breakShort', { minutes: e.break_minutes })}</span>
                ) : null}
                <SurchargeTags entry={e} />
                {e.description ? <Typography.Text type="secondary">{e.description}</Typography.Text> : null}
                <EntryLocation entry={e} />
                <EntryWarnings entry={e} />
                {actions(e) ? <div style={{ marginTop: 4 }}>{actions(e)}</div> : null}
              </Flex>
            }
          />
        </List.Item>
      )}
    />
  );
  const table = (items: readonly TimeEntryDto[]) => (
    <Table<TimeEntryDto>
      rowKey="id"
      dataSource={[...items]}
      pagination={false}
      scroll={{ x: 860 }}
      columns={[
        { title: t('timeTracking.list.date'), key: 'date', render: (_, e) => formatDate(e.start_time) },
        {
          title: t('timeTracking.list.project'),
          key: 'project',
          render: (_, e) => (
            <>
              <Typography.Text strong>{e.project_title}</Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {e.project_number}
                {e.description ? ` · ${e.description}` : ''}
              </Typography.Text>
            </>
          ),
        },
        ...(users
          ? [
              {
                title: t('timeTracking.list.employee'),
                key: 'user',
                render: (_: unknown, e: TimeEntryDto) => e.user_name,
              },
            ]
          : []),
        {
          title: t('timeTracking.list.time'),
          key: 'time',
          render: (_, e) => (
            <>
              {span(e)}
              {e.break_minutes > 0 ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t('timeTracking.list.breakShort', { minutes: e.break_minutes })}
                </Typography.Text>
              ) : null}
              <EntryLocation entry={e} />
              <EntryWarnings entry={e} />
            </>
          ),
        },
        { title: t('timeTracking.list.duration'), key: 'duration', align: 'right', render: (_, e) => duration(e) },
        {
          title: t('timeTracking.list.surcharge'),
          key: 'surcharge',
          align: 'right',
          render: (_, e) => <SurchargeTags entry={e} empty="–" />,
        },
        { title: t('timeTracking.list.status'), key: 'status', render: (_, e) => status(e) },
        { title: t('common.actions'), key: 'actions', align: 'right', render: (_, e) => actions(e) },
      ]}
    />
  );

  return (
    <Card
      title={t('timeTracking.list.title')}
      extra={
        query.data ? (
          <Typography.Text type="secondary">{t('timeTracking.list.total', { count: total })}</Typography.Text>
        ) : null
      }
    >
      <Flex vertical gap={16}>
        <ListScreen<TimeEntryDto>
          filters={filters}
          mode={isMobile ? 'cards' : 'list'}
          items={entries}
          loading={query.isPending}
          error={
            query.isError
              ? {
                  title: t('timeTracking.toast.loadError'),
                  detail: serverErrorText(query.error) ?? t('common.loadFailed'),
                  retryLabel: t('common.retry'),
                  onRetry: () => void query.refetch(),
                }
              : null
          }
          empty={
            <EmptyState
              icon={<FieldTimeOutlined />}
              title={t('timeTracking.list.empty')}
              description={t('timeTracking.list.emptyHint')}
            />
          }
          table={table}
          cards={cards}
          paging={{
            kind: 'pages',
            page: filter.page,
            pageSize: filter.pageSize,
            total,
            onChange: (page) => onFilter({ ...filter, page }),
          }}
        />
      </Flex>
    </Card>
  );
}
