import { CLIENT_RECORD_ID_TAKEN, MATERIAL_MESSAGES, OPERATIONS_MESSAGES } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/** Errors of the operations domain; the shared filter maps `status` and shows `message`. */
export class OperationsError extends DomainError {}

export const OperationsErrors = {
  /** A client-chosen record id (idempotent create) that belongs to someone else. */
  clientIdTaken: () => new OperationsError('client_id_taken', CLIENT_RECORD_ID_TAKEN, 409),
  customerNotFound: () => new OperationsError('customer_not_found', OPERATIONS_MESSAGES.customerNotFound, 404),
  customerNumberTaken: () =>
    new OperationsError('customer_number_taken', 'Diese Kundennummer ist bereits vergeben', 409),
  customerHasProjects: () =>
    new OperationsError(
      'customer_has_projects',
      'Der Kunde hat noch Projekte und kann nicht gelöscht werden. Löschen Sie zuerst seine Projekte.',
      409,
    ),
  projectNotFound: () => new OperationsError('project_not_found', OPERATIONS_MESSAGES.projectNotFound, 404),
  projectNumberTaken: () =>
    new OperationsError('project_number_taken', 'Diese Projektnummer ist bereits vergeben', 409),
  projectHasTimeEntries: () =>
    new OperationsError(
      'project_has_time_entries',
      'Das Projekt hat Zeiteinträge und kann nicht gelöscht werden. Setzen Sie es stattdessen auf «Abgebrochen».',
      409,
    ),
  projectHasMaterialUsage: () =>
    new OperationsError(
      'project_has_material_usage',
      'Das Projekt hat Materialverbrauch und kann nicht gelöscht werden. Setzen Sie es stattdessen auf «Abgebrochen».',
      409,
    ),
  projectDatesInvalid: () =>
    new OperationsError('project_dates_invalid', 'Das Enddatum darf nicht vor dem Startdatum liegen', 400),
  userNotFound: () => new OperationsError('user_not_found', OPERATIONS_MESSAGES.userNotFound, 404),
  timeEntryNotFound: () => new OperationsError('time_entry_not_found', OPERATIONS_MESSAGES.timeEntryNotFound, 404),
  timerAlreadyRunning: () => new OperationsError('timer_already_running', OPERATIONS_MESSAGES.timerAlreadyRunning, 409),
  timerNotRunning: () => new OperationsError('timer_not_running', OPERATIONS_MESSAGES.timerNotRunning, 409),
  approvedImmutable: () => new OperationsError('time_entry_approved', OPERATIONS_MESSAGES.approvedImmutable, 409),
  cannotApproveRunning: () =>
    new OperationsError('time_entry_running', 'Laufende Einträge können nicht genehmigt werden', 409),
  endBeforeStart: () => new OperationsError('end_before_start', OPERATIONS_MESSAGES.endBeforeStart, 400),
  entryTooLong: (hours: number) =>
    new OperationsError('time_entry_too_long', `Ein Zeiteintrag darf höchstens ${hours} Stunden dauern`, 400),
  breakTooLong: () =>
    new OperationsError('break_too_long', 'Die Pause darf nicht länger als die erfasste Zeit sein', 400),
  materialNotFound: () => new OperationsError('material_not_found', MATERIAL_MESSAGES.materialNotFound, 404),
  selectedMaterialNotFound: () =>
    new OperationsError('selected_material_not_found', MATERIAL_MESSAGES.selectedMaterialNotFound, 404),
  usageNotFound: () => new OperationsError('material_usage_not_found', MATERIAL_MESSAGES.usageNotFound, 404),
  usageNotPending: () => new OperationsError('material_usage_not_pending', MATERIAL_MESSAGES.usageNotPending, 409),
  usageAlreadyProcessed: () =>
    new OperationsError('material_usage_processed', MATERIAL_MESSAGES.usageAlreadyProcessed, 409),
  insufficientStock: () => new OperationsError('insufficient_stock', MATERIAL_MESSAGES.insufficientStock, 409),
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
