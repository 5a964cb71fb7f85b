import { CheckOutlined, CloseOutlined, EditOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import { MATERIAL_USAGE_STATUSES, type MaterialUsageDto, type MaterialUsageStatus } from '@zunft/contracts';
import { EmptyState, ListScreen, useIsMobile } from '@zunft/ui-kit';
import { formatCHF, formatDate, serverErrorText } from '@zunft/web-common';
import { DeleteButton } from '../../../shared/DeleteButton';
import { useTimeT } from '../../../shared/i18n';
import { ProjectSelect } from '../../projects/components/ProjectSelect';
import type { UsageFilter } from '../api/materials.api';
import {
  USAGE_STATUS_COLORS,
  canApproveUsage,
  canChangeUsage,
  canDeleteUsage,
  formatQuantity,
} from './materialHelpers';
import { usageDeleteQuestion } from './usageTexts';

interface Props {
  /** One page, as the server answered it. */
  entries: readonly MaterialUsageDto[];
  /** All entries of the filter (the server's count). */
  total: number;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  filter: UsageFilter;
  onFilter: (filter: UsageFilter) => void;
  userId: string | null;
  /** Admin and backoffice: employee column, approve, and delete of every status. */
  isBackoffice: boolean;
  approvingId: string | null;
  onApprove: (usage: MaterialUsageDto) => void;
  onReject: (usage: MaterialUsageDto) => void;
  onEdit: (usage: MaterialUsageDto) => void;
  onDelete: (usage: MaterialUsageDto) => Promise<unknown>;
}

/** The usage list (part 1 §2): status badge, project, material, quantity, amount, date. */
export function UsageList(props: Props) {
  const { entries, loading, error, onRetry, filter, onFilter, userId, isBackoffice } = props;
  // The filtered project's label from its entries (else the select reads it by id).
  const filtered = entries.find((e) => e.project_id === filter.projectId);
  const t = useTimeT();
  const isMobile = useIsMobile();

  const status = (u: MaterialUsageDto) => (
    <Tag color={USAGE_STATUS_COLORS[u.status]}>{t(`materials.status.${u.status}`)}</Tag>
  );
  const date = (u: MaterialUsageDto) => formatDate(`${u.used_at}T00:00:00`);
  const actions = (u: MaterialUsageDto) => {
    const approve = canApproveUsage(u, isBackoffice);
    const change = canChangeUsage(u, userId, isBackoffice);
    const remove = canDeleteUsage(u, userId, isBackoffice);
    if (!approve && !change && !remove) return null;
    return (
      <Space.Compact>
        {approve ? (
          <>
            <Button
              icon={<CheckOutlined />}
              onClick={() => props.onApprove(u)}
              loading={props.approvingId === u.id}
              aria-label={t('materials.usage.approve')}
              title={t('materials.usage.approve')}
            />
            <Button
              icon={<CloseOutlined />}
              onClick={() => props.onReject(u)}
              aria-label={t('materials.usage.reject')}
              title={t('materials.usage.reject')}
            />
          </>
        ) : null}
        {change ? (
          <Button
            icon={<EditOutlined />}
            onClick={() => props.onEdit(u)}
            aria-label={t('common.edit')}
            title={t('common.edit')}
          />
        ) : null}
        {remove ? <DeleteButton question={usageDeleteQuestion(t, u)} onConfirm={() => props.onDelete(u)} /> : null}
      </Space.Compact>
    );
  };
  const rejection = (u: MaterialUsageDto) =>
    u.status === 'rejected' && u.rejection_reason ? (
      <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
        {t('materials.usage.rejectedBecause', { reason: u.rejection_reason })}
      </Typography.Text>
    ) : null;

  const filters = (
    <Flex gap={8} wrap="wrap" style={{ flex: '1 1 auto' }}>
      <ProjectSelect
        allowClear
        style={{ minWidth: 200, flex: '1 1 200px' }}
        placeholder={t('materials.usage.allProjects')}
        aria-label={t('materials.usage.filterProject')}
        notFoundContent={t('materials.usage.noProjects')}
        value={filter.projectId}
        known={
          filtered
            ? [{ id: filtered.project_id, title: filtered.project_title, project_number: filtered.project_number }]
            : []
        }
        onChange={(projectId) => onFilter({ ...filter, projectId, page: 1 })}
      />
      <Select
        allowClear
        style={{ minWidth: 160, flex: '1 1 160px' }}
        placeholder={t('materials.usage.allStatuses')}
        aria-label={t('materials.usage.filterStatus')}
        value={filter.status}
        onChange={(value: MaterialUsageStatus | undefined) => onFilter({ ...filter, status: value ?? null, page: 1 })}
        options={MATERIAL_USAGE_STATUSES.map((s) => ({ value: s, label: t(`materials.status.${s}`) }))}
      />
    </Flex>
  );

  const cards = (items: readonly MaterialUsageDto[]) => (
    <Flex vertical gap={12} role="list" aria-label={t('materials.tabs.usage')}>
      {items.map((u) => (
        <Card
          key={u.id}
          role="listitem"
          size="small"
          title={<span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{u.material_name}</span>}
          extra={status(u)}
        >
          <Flex vertical gap={2}>
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {u.project_title}
            </Typography.Text>
            <span>
              {date(u)} · {formatQuantity(u.quantity, u.unit)} · <strong>{formatCHF(u.total_price)}</strong>
            </span>
            {isBackoffice ? <span>{u.user_name}</span> : null}
            {u.description ? <Typography.Text type="secondary">{u.description}</Typography.Text> : null}
            {rejection(u)}
            {actions(u) ? <div style={{ marginTop: 4 }}>{actions(u)}</div> : null}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
  const table = (items: readonly MaterialUsageDto[]) => (
    <Table<MaterialUsageDto>
      rowKey="id"
      dataSource={[...items]}
      pagination={false}
      scroll={{ x: 860 }}
      columns={[
        { title: t('materials.usage.date'), key: 'date', render: (_, u) => date(u) },
        {
          title: t('materials.usage.project'),
          key: 'project',
          render: (_, u) => (
            <>
              <Typography.Text strong>{u.project_title}</Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {u.project_number}
              </Typography.Text>
            </>
          ),
        },
        {
          title: t('materials.usage.material'),
          key: 'material',
          render: (_, u) => (
            <>
              {u.material_name}
              {u.description ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {u.description}
                </Typography.Text>
              ) : null}
              {rejection(u)}
            </>
          ),
        },
        {
          title: t('materials.usage.quantity'),
          key: 'quantity',
          align: 'right',
          render: (_, u) => formatQuantity(u.quantity, u.unit),
        },
        {
          title: t('materials.usage.amount'),
          key: 'amount',
          align: 'right',
          render: (_, u) => formatCHF(u.total_price),
        },
        ...(isBackoffice
          ? [
              {
                title: t('materials.usage.employee'),
                key: 'user',
                render: (_: unknown, u: MaterialUsageDto) => u.user_name,
              },
            ]
          : []),
        { title: t('materials.usage.status'), key: 'status', render: (_, u) => status(u) },
        { title: t('common.actions'), key: 'actions', align: 'right', render: (_, u) => actions(u) },
      ]}
    />
  );

  // The list kit (issue 28): filters and the server's count in the toolbar, skeleton, load error with
  // retry, empty state, table or (on a phone) cards, and the server's pages by number.
  return (
    <ListScreen<MaterialUsageDto>
      filters={
        <Flex justify="space-between" align="center" gap={8} wrap="wrap" style={{ flex: '1 1 auto' }}>
          {filters}
          {!loading && !error ? (
            <Typography.Text type="secondary">{t('materials.usage.total', { count: props.total })}</Typography.Text>
          ) : null}
        </Flex>
      }
      mode={isMobile ? 'cards' : 'list'}
      items={entries}
      loading={loading}
      error={
        error
          ? {
              title: t('materials.toast.usageLoadError'),
              detail: serverErrorText(error) ?? t('common.loadFailed'),
              retryLabel: t('common.retry'),
              onRetry,
            }
          : null
      }
      empty={
        <EmptyState
          icon={<InboxOutlined />}
          title={t('materials.usage.empty')}
          description={t('materials.usage.emptyHint')}
        />
      }
      table={table}
      cards={cards}
      paging={{
        kind: 'pages',
        page: filter.page,
        pageSize: filter.pageSize,
        total: props.total,
        onChange: (page) => onFilter({ ...filter, page }),
      }}
    />
  );
}
