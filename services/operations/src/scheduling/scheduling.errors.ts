import { serverMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/** Errors of the scheduling module; the shared filter maps `status` and shows `message`. */
export class SchedulingError extends DomainError {}

export const SchedulingErrors = {
  assignmentNotFound: () =>
    new SchedulingError('schedule_assignment_not_found', serverMessage('schedule_assignment_not_found'), 404),
  projectNotFound: () => new SchedulingError('project_not_found', serverMessage('project_not_found'), 404),
  projectClosed: () => new SchedulingError('schedule_project_closed', serverMessage('schedule_project_closed'), 400),
  employeeNotFound: () => new SchedulingError('user_not_found', serverMessage('user_not_found'), 404),
  employeeInactive: () =>
    new SchedulingError('schedule_employee_inactive', serverMessage('schedule_employee_inactive'), 400),
  /** A PUT that moves only one end of the window past the other (checked on the merged values). */
  timeWindowInvalid: (message: string) => new SchedulingError('schedule_time_window_invalid', message, 400),
} as const;
