import { serverMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/** Errors of the operations domain; the shared filter maps `status` and shows `message`. */
export class OperationsError extends DomainError {}

export const OperationsErrors = {
  /** A client-chosen record id (idempotent create) that belongs to someone else. */
  clientIdTaken: () => new OperationsError('client_id_taken', serverMessage('client_id_taken'), 409),
  customerNotFound: () => new OperationsError('customer_not_found', serverMessage('customer_not_found'), 404),
  customerNumberTaken: () => new OperationsError('customer_number_taken', serverMessage('customer_number_taken'), 409),
  customerHasProjects: () => new OperationsError('customer_has_projects', serverMessage('customer_has_projects'), 409),
  /** Issued invoices (and their credit notes, reminders, payments) keep the customer 10 years (OR 958f). */
  customerHasRecords: () => new OperationsError('customer_has_records', serverMessage('customer_has_records'), 409),
  projectNotFound: () => new OperationsError('project_not_found', serverMessage('project_not_found'), 404),
  projectNumberTaken: () => new OperationsError('project_number_taken', serverMessage('project_number_taken'), 409),
  projectHasTimeEntries: () =>
    new OperationsError('project_has_time_entries', serverMessage('project_has_time_entries'), 409),
  projectHasMaterialUsage: () =>
    new OperationsError('project_has_material_usage', serverMessage('project_has_material_usage'), 409),
  projectDatesInvalid: () => new OperationsError('project_dates_invalid', serverMessage('project_dates_invalid'), 400),
  userNotFound: () => new OperationsError('user_not_found', serverMessage('user_not_found'), 404),
  timeEntryNotFound: () => new OperationsError('time_entry_not_found', serverMessage('time_entry_not_found'), 404),
  timerAlreadyRunning: () => new OperationsError('timer_already_running', serverMessage('timer_already_running'), 409),
  timerNotRunning: () => new OperationsError('timer_not_running', serverMessage('timer_not_running'), 409),
  approvedImmutable: () => new OperationsError('time_entry_approved', serverMessage('time_entry_approved'), 409),
  cannotApproveRunning: () => new OperationsError('time_entry_running', serverMessage('time_entry_running'), 409),
  endBeforeStart: () => new OperationsError('end_before_start', serverMessage('end_before_start'), 400),
  entryTooLong: (hours: number) =>
    new OperationsError('time_entry_too_long', serverMessage('time_entry_too_long', { hours }), 400),
  breakTooLong: () => new OperationsError('break_too_long', serverMessage('break_too_long'), 400),
  materialNotFound: () => new OperationsError('material_not_found', serverMessage('material_not_found'), 404),
  selectedMaterialNotFound: () =>
    new OperationsError('selected_material_not_found', serverMessage('selected_material_not_found'), 404),
  usageNotFound: () => new OperationsError('material_usage_not_found', serverMessage('material_usage_not_found'), 404),
  usageNotPending: () =>
    new OperationsError('material_usage_not_pending', serverMessage('material_usage_not_pending'), 409),
  usageAlreadyProcessed: () =>
    new OperationsError('material_usage_processed', serverMessage('material_usage_processed'), 409),
  insufficientStock: () => new OperationsError('insufficient_stock', serverMessage('insufficient_stock'), 409),
} as const;

/** PostgreSQL unique violation of the given index (a race lost against a parallel request). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const driver = e?.driverError ?? e;
  return driver?.code === '23505' && driver.constraint === constraint;
}

/** PostgreSQL foreign-key violation of the given constraint. */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const driver = e?.driverError ?? e;
  return driver?.code === '23503' && driver.constraint === constraint;
}
