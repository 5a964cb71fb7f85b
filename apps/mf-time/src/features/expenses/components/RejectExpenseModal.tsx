import { rejectExpenseRequestSchema, type ExpenseDto } from '@zunft/contracts';
import { formatCHF, toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { RejectReasonModal } from '../../../shared/RejectReasonModal';
import { useRejectExpense } from '../api/useExpenses';
import { employeeName } from './expenseHelpers';

/** The office rejects a pending expense with a required reason (POST /expenses/{id}/reject). */
export function RejectExpenseModal({ expense, onClose }: { expense: ExpenseDto | null; onClose: () => void }) {
  const t = useTimeT();
  const reject = useRejectExpense();

  const submit = async (reason: string) => {
    if (!expense) return;
    try {
      await reject.mutateAsync({ id: expense.id, reason });
      toast.success(t('expenses.toast.rejected'));
      onClose();
    } catch (error) {
      toastFailure(error, t('expenses.toast.rejectError'));
    }
  };

  return (
    <RejectReasonModal
      open={expense !== null}
      title={t('expenses.rejectTitle')}
      okText={t('expenses.reject')}
      reasonLabel={t('expenses.reason')}
      reasonSchema={rejectExpenseRequestSchema.shape.reason}
      summary={expense ? `${expense.description} · ${formatCHF(expense.amount)} · ${employeeName(expense)}` : null}
      formName="reject-expense"
      pending={reject.isPending}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
