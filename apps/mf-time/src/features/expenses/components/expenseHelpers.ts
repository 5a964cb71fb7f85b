import {
  DEFAULT_EXPENSE_VAT_RATE,
  EXPENSE_LIMITS,
  EXPENSE_MESSAGES,
  EXPENSE_RECEIPT_EXTENSIONS,
  type ExpenseCategory,
  type ExpenseDto,
  type ExpenseReceiptType,
  type ExpenseStatus,
} from '@zunft/contracts';

/** Badge colours of the expense statuses (part 2 §4). */
export const EXPENSE_STATUS_COLORS: Record<ExpenseStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

/**
 * Employees change and delete only their own expenses, and only while pending; admin and backoffice
 * only approve or reject, they get no edit/delete, not even on their own (part 2 §4, §6).
 */
export function canChangeExpense(expense: ExpenseDto, userId: string | null, isBackoffice: boolean): boolean {
  return !isBackoffice && expense.status === 'pending' && userId !== null && expense.user_id === userId;
}

/** Admin and backoffice approve or reject pending expenses. */
export function canDecideExpense(expense: ExpenseDto, isBackoffice: boolean): boolean {
  return isBackoffice && expense.status === 'pending';
}

/** yyyy-MM-dd of today (local time). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'];

/**
 * A first check in the browser (name and size) with the server's German texts; the server then
 * checks the content. Phone cameras may hand over a file without extension but with an image type.
 * `maxBytes` is raised only for pictures that are still to be shrunk (see receiptShrink.ts).
 */
export function receiptFileError(
  file: Pick<File, 'name' | 'size' | 'type'>,
  maxBytes: number = EXPENSE_LIMITS.receiptMaxBytes,
): string | null {
  if (file.size > maxBytes) return EXPENSE_MESSAGES.receiptTooLarge;
  if (file.size === 0) return EXPENSE_MESSAGES.receiptEmpty;
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = (Object.keys(EXPENSE_RECEIPT_EXTENSIONS) as string[]).includes(file.type);
  if (!ALLOWED_EXTENSIONS.includes(extension) && !(extension === '' && typeOk)) return EXPENSE_MESSAGES.receiptBadType;
  return null;
}

export interface ExpenseFormValues {
  category?: ExpenseCategory;
  description?: string;
  amount?: number | null;
  expenseDate?: string | null;
  projectId?: string | null;
  /** The amount includes VAT at vatRate: billing invoices it at its net amount. */
  vatIncluded?: boolean;
  vatRate?: number | null;
  receipt?: File | null;
}

export function toExpenseFormValues(e: ExpenseDto): ExpenseFormValues {
  return {
    category: e.category,
    description: e.description,
    amount: e.amount,
    expenseDate: e.expense_date,
    projectId: e.project_id,
    vatIncluded: e.vat_included ?? false,
    vatRate: e.vat_rate ?? DEFAULT_EXPENSE_VAT_RATE,
    receipt: null,
  };
}

/** The multipart body of POST/PUT /expenses (part 2 §7): text fields + optional file `receipt`. */
export function toExpenseFormData(values: ExpenseFormValues, options: { removeReceipt?: boolean } = {}): FormData {
  const form = new FormData();
  form.append('category', values.category ?? '');
  form.append('description', (values.description ?? '').trim());
  form.append('amount', typeof values.amount === 'number' ? values.amount.toFixed(2) : '');
  form.append('expenseDate', values.expenseDate || todayIso());
  form.append('projectId', values.projectId ?? '');
  form.append('vatIncluded', values.vatIncluded ? 'true' : 'false');
  form.append('vatRate', values.vatIncluded ? String(values.vatRate ?? DEFAULT_EXPENSE_VAT_RATE) : '');
  if (values.receipt) form.append('receipt', values.receipt, values.receipt.name);
  else if (options.removeReceipt) form.append('removeReceipt', 'true');
  return form;
}

/** Download name of a receipt, e.g. beleg-2026-03-14.pdf (the blob's type gives the extension). */
export function receiptFileName(expense: Pick<ExpenseDto, 'expense_date'>, blobType: string): string {
  const extension = EXPENSE_RECEIPT_EXTENSIONS[blobType as ExpenseReceiptType] ?? 'pdf';
  return `beleg-${expense.expense_date}.${extension}`;
}

/** Saves a blob under a file name (object URL + temporary link). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The employee's display name. */
export const employeeName = (e: Pick<ExpenseDto, 'first_name' | 'last_name'>) =>
  `${e.first_name} ${e.last_name}`.trim();
