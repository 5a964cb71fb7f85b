import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  PlusOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Card } from 'antd';
import type { ExpenseDto, ExpenseStatsBucket } from '@zunft/contracts';
import { PageHeader, StatCardGrid, type StatCardProps } from '@zunft/ui-kit';
import { formatCHF, toast, useSession, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useCreateAction } from '../../../shared/useCreateAction';
import { useCompanyUsersQuery } from '../../projects/api/useProjects';
import { expensesApi, type ExpenseFilter } from '../api/expenses.api';
import {
  NO_EXPENSE_FILTER,
  useApproveExpense,
  useDeleteExpense,
  useExpenseStatsQuery,
  useExpensesQuery,
} from '../api/useExpenses';
import { ExpenseFormModal } from './ExpenseFormModal';
import { ExpenseList } from './ExpenseList';
import { receiptFileName, saveBlob } from './expenseHelpers';
import { RejectExpenseModal } from './RejectExpenseModal';
import { useLoadFailureToast } from './useLoadFailureToast';

const EMPTY_BUCKET: ExpenseStatsBucket = { count: 0, amount: 0 };

/**
 * Spesenabrechnung (part 2 §2): four tiles, status and (office) employee filter, the list, the
 * create/edit and reject dialogs, receipt download. Employees see and change only their own.
 */
export function ExpensesScreen() {
  const t = useTimeT();
  const { user, isBackoffice } = useSession();

  const [filter, setFilter] = useState<ExpenseFilter>(NO_EXPENSE_FILTER);
  const expensesQuery = useExpensesQuery(filter);
  const statsQuery = useExpenseStatsQuery(filter.userId);
  const usersQuery = useCompanyUsersQuery(isBackoffice);
  const remove = useDeleteExpense();
  const approve = useApproveExpense();
  // List and tiles load together: one 'Fehler beim Laden der Spesen' when either (or both) fail.
  useLoadFailureToast([expensesQuery, statsQuery], t('expenses.toast.loadError'));

  // After the last expense of the last page is deleted, show the page that is now the last one.
  const page = expensesQuery.data;
  useEffect(() => {
    if (page && page.items.length === 0 && page.total > 0 && filter.page > 1)
      setFilter((f) => ({ ...f, page: Math.max(1, Math.ceil(page.total / f.pageSize)) }));
  }, [page, filter.page]);

  const [dialog, setDialog] = useState<{ open: boolean; expense: ExpenseDto | null }>({ open: false, expense: null });
  const [rejecting, setRejecting] = useState<ExpenseDto | null>(null);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);

  const openCreate = useCallback(() => setDialog({ open: true, expense: null }), []);
  useCreateAction(openCreate, true);

  const stats = statsQuery.data;

  const onDelete = async (expense: ExpenseDto) => {
    try {
      await remove.mutateAsync(expense.id);
      toast.success(t('expenses.toast.deleted'));
    } catch (error) {
      toastFailure(error, t('expenses.toast.deleteError'));
    }
  };
  const onApprove = async (expense: ExpenseDto) => {
    try {
      await approve.mutateAsync(expense.id);
      toast.success(t('expenses.toast.approved'));
    } catch (error) {
      toastFailure(error, t('expenses.toast.approveError'));
    }
  };
  const onDownload = async (expense: ExpenseDto) => {
    setDownloadingId(expense.id);
    try {
      const blob = await expensesApi.receipt(expense.id);
      saveBlob(blob, receiptFileName(expense, blob.type));
    } catch {
      toast.error(t('expenses.toast.downloadError'));
    } finally {
      setDownloadingId(null);
    }
  };

  const tile = (key: 'total' | 'pending' | 'approved' | 'rejected', icon: ReactNode, color?: string): StatCardProps => {
    const bucket = stats?.[key] ?? EMPTY_BUCKET;
    return {
      title: t(`expenses.stats.${key}`),
      value: formatCHF(bucket.amount),
      hint: t('expenses.count', { count: bucket.count }),
      icon,
      color,
    };
  };

  return (
    <>
      <PageHeader
        title={t('expenses.title')}
        subtitle={t('expenses.subtitle')}
        icon={<WalletOutlined />}
        extra={
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={openCreate}>
            {t('expenses.new')}
          </Button>
        }
      />
      <StatCardGrid
        loading={statsQuery.isPending}
        cards={[
          tile('total', <WalletOutlined />),
          tile('pending', <ClockCircleOutlined />, '#d48806'),
          tile('approved', <CheckCircleOutlined />, '#389e0d'),
          tile('rejected', <CloseCircleOutlined />, '#cf1322'),
        ]}
      />
      <Card>
        <ExpenseList
          expenses={expensesQuery.data?.items ?? []}
          total={expensesQuery.data?.total ?? 0}
          loading={expensesQuery.isPending}
          error={expensesQuery.isError ? expensesQuery.error : null}
          onRetry={() => void expensesQuery.refetch()}
          filter={filter}
          onFilter={setFilter}
          users={isBackoffice ? (usersQuery.data ?? []) : null}
          userId={user?.id ?? null}
          isBackoffice={isBackoffice}
          approvingId={approve.isPending ? (approve.variables ?? null) : null}
          downloadingId={downloadingId}
          onApprove={(expense) => void onApprove(expense)}
          onReject={setRejecting}
          onEdit={(expense) => setDialog({ open: true, expense })}
          onDelete={onDelete}
          onDownload={(expense) => void onDownload(expense)}
          onCreate={openCreate}
        />
      </Card>
      <ExpenseFormModal
        open={dialog.open}
        expense={dialog.expense}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <RejectExpenseModal expense={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
