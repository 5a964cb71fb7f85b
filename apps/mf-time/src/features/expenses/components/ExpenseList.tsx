import { CheckOutlined, CloseOutlined, DownloadOutlined, EditOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import { EXPENSE_STATUSES, type ExpenseDto, type ExpenseStatus, type UserDto } from '@zunft/contracts';
import { EmptyState, ListScreen, useIsMobile } from '@zunft/ui-kit';
import { formatCHF, formatDate, serverErrorText } from '@zunft/web-common';
import { DeleteButton } from '../../../shared/DeleteButton';
import { useTimeT } from '../../../shared/i18n';
import type { ExpenseFilter } from '../api/expenses.api';
import { EXPENSE_STATUS_COLORS, canChangeExpense, canDecideExpense, employeeName } from './expenseHelpers';

interface Props {
  /** One page, as the server answered it. */
  expenses: readonly ExpenseDto[];
  /** All expenses of the filter (the server's count). */
  total: number;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  filter: ExpenseFilter;
  onFilter: (filter: ExpenseFilter) => void;
  /** Admin and backoffice: the employee filter's users; null hides filter and column. */
  users: readonly UserDto[] | null;
  userId: string | null;
  isBackoffice: boolean;
  approvingId: string | null;
  downloadingId: string | null;
  onApprove: (expense: ExpenseDto) => void;
  onReject: (expense: ExpenseDto) => void;
  onEdit: (expense: ExpenseDto) => void;
  onDelete: (expense: ExpenseDto) => Promise<unknown>;
  onDownload: (expense: ExpenseDto) => void;
  onCreate: () => void;
}

const ALL = 'all';

/**
 * The expenses list (part 2 §2): filters, then a table (description with project, employee for the
 * office, category, amount, date, status, receipt, actions) or, on a phone, one card per expense.
 */
export function ExpenseList(props: Props) {
  const { expenses, loading, error, onRetry, filter, onFilter, users, userId, isBackoffice } = props;
  const t = useTimeT();
  const isMobile = useIsMobile();

  const status = (e: ExpenseDto) => (
    <Tag color={EXPENSE_STATUS_COLORS[e.status]}>{t(`expenses.status.${e.status}`)}</Tag>
  );
  const date = (e: ExpenseDto) => formatDate(`${e.expense_date}T00:00:00`);
  const category = (e: ExpenseDto) => t(`expenses.categories.${e.category}`);
  const receipt = (e: ExpenseDto) =>
    e.receipt_path ? (
      <Button
        size={isMobile ? 'middle' : 'small'}
        icon={<DownloadOutlined />}
        loading={props.downloadingId === e.id}
        onClick={() => props.onDownload(e)}
        aria-label={t('expenses.downloadReceipt')}
        title={t('expenses.downloadReceipt')}
      >
        {isMobile ? t('expenses.columns.receipt') : null}
      </Button>
    ) : (
      <Typography.Text type="secondary">{t('expenses.noReceipt')}</Typography.Text>
    );
  const actions = (e: ExpenseDto) => {
    const decide = canDecideExpense(e, isBackoffice);
    const change = canChangeExpense(e, userId, isBackoffice);
    if (!decide && !change) return null;
    return (
      <Space.Compact>
        {decide ? (
          <>
            <Button
              icon={<CheckOutlined />}
              onClick={() => props.onApprove(e)}
              loading={props.approvingId === e.id}
              aria-label={t('expenses.approve')}
              title={t('expenses.approve')}
            />
            <Button
              icon={<CloseOutlined />}
              onClick={() => props.onReject(e)}
              aria-label={t('expenses.reject')}
              title={t('expenses.reject')}
            />
          </>
        ) : null}
        {change ? (
          <>
            <Button
              icon={<EditOutlined />}
              onClick={() => props.onEdit(e)}
              aria-label={t('common.edit')}
              title={t('common.edit')}
            />
            <DeleteButton
              question={t('expenses.deleteConfirm', { name: e.description })}
              onConfirm={() => props.onDelete(e)}
            />
          </>
        ) : null}
      </Space.Compact>
    );
  };
  const rejection = (e: ExpenseDto) =>
    e.status === 'rejected' && e.rejection_reason ? (
      <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
        {t('expenses.rejectedBecause', { reason: e.rejection_reason })}
      </Typography.Text>
    ) : null;

  const filters = (
    <Flex gap={8} wrap="wrap" style={{ flex: '1 1 auto' }}>
      <Select<ExpenseStatus | typeof ALL>
        style={{ minWidth: 160, flex: '1 1 160px' }}
        aria-label={t('expenses.filters.status')}
        value={filter.status ?? ALL}
        onChange={(value) => onFilter({ ...filter, status: value === ALL ? null : value, page: 1 })}
        options={[
          { value: ALL, label: t('expenses.filters.allStatuses') },
          ...EXPENSE_STATUSES.map((s) => ({ value: s, label: t(`expenses.status.${s}`) })),
        ]}
      />
      {users ? (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 200, flex: '1 1 200px' }}
          placeholder={t('expenses.filters.allEmployees')}
          aria-label={t('expenses.filters.employee')}
          value={filter.userId}
          onChange={(value: string | undefined) => onFilter({ ...filter, userId: value ?? null, page: 1 })}
          options={users
            .filter((u) => u.role === 'employee' || u.role === 'admin' || u.role === 'backoffice')
            .map((u) => ({ value: u.id, label: `${u.first_name} ${u.last_name}`.trim() || u.email }))}
        />
      ) : null}
    </Flex>
  );

  const cards = (items: readonly ExpenseDto[]) => (
    <Flex vertical gap={12} role="list" aria-label={t('expenses.title')}>
      {items.map((e) => (
        <Card
          key={e.id}
          role="listitem"
          size="small"
          title={<span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{e.description}</span>}
          extra={status(e)}
        >
          <Flex vertical gap={4}>
            <span>
              <strong>{formatCHF(e.amount)}</strong> · {date(e)} · {category(e)}
            </span>
            {e.project_title ? (
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {e.project_title}
              </Typography.Text>
            ) : null}
            {users ? <span>{employeeName(e)}</span> : null}
            {rejection(e)}
            <Flex justify="space-between" align="center" gap={8} wrap="wrap" style={{ marginTop: 4 }}>
              {receipt(e)}
              {actions(e)}
            </Flex>
          </Flex>
        </Card>
      ))}
    </Flex>
  );
  const table = (items: readonly ExpenseDto[]) => (
    <Table<ExpenseDto>
      rowKey="id"
      dataSource={[...items]}
      pagination={false}
      scroll={{ x: 900 }}
      columns={[
        {
          title: t('expenses.columns.description'),
          key: 'description',
          render: (_, e) => (
            <>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {e.description}
              </Typography.Text>
              {e.project_title ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {e.project_title}
                </Typography.Text>
              ) : null}
              {rejection(e)}
            </>
          ),
        },
        ...(users
          ? [
              {
                title: t('expenses.columns.employee'),
                key: 'employee',
                render: (_: unknown, e: ExpenseDto) => employeeName(e),
              },
            ]
          : []),
        { title: t('expenses.columns.category'), key: 'category', render: (_, e) => category(e) },
        {
          title: t('expenses.columns.amount'),
          key: 'amount',
          align: 'right',
          render: (_, e) => formatCHF(e.amount),
        },
        { title: t('expenses.columns.date'), key: 'date', render: (_, e) => date(e) },
        { title: t('expenses.columns.status'), key: 'status', render: (_, e) => status(e) },
        { title: t('expenses.columns.receipt'), key: 'receipt', render: (_, e) => receipt(e) },
        { title: t('common.actions'), key: 'actions', align: 'right', render: (_, e) => actions(e) },
      ]}
    />
  );

  return (
    <ListScreen<ExpenseDto>
      filters={
        <Flex justify="space-between" align="center" gap={8} wrap="wrap" style={{ flex: '1 1 auto' }}>
          {filters}
          {!loading && !error ? (
            <Typography.Text type="secondary">{t('expenses.count', { count: props.total })}</Typography.Text>
          ) : null}
        </Flex>
      }
      mode={isMobile ? 'cards' : 'list'}
      items={expenses}
      loading={loading}
      error={
        error
          ? {
              title: t('expenses.toast.loadError'),
              detail: serverErrorText(error) ?? t('common.loadFailed'),
              retryLabel: t('common.retry'),
              onRetry,
            }
          : null
      }
      empty={
        <EmptyState
          icon={<WalletOutlined />}
          title={t('expenses.empty')}
          description={t('expenses.emptyHint')}
          action={
            <Button type="primary" onClick={props.onCreate}>
              {t('expenses.new')}
            </Button>
          }
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
