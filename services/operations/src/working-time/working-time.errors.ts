import { serverMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/** Errors of working time (issue 24): entry rules, absences, holidays, the month close. */
export class WorkingTimeError extends DomainError {}

export const WorkingTimeErrors = {
  /** `other`: the overlapping entry as people read it ("18.11.2026 08:00–12:00, «Projekt»"). */
  overlap: (other: string) =>
    new WorkingTimeError('time_entry_overlap', serverMessage('time_entry_overlap', { other }), 409),
  inFuture: () => new WorkingTimeError('time_entry_in_future', serverMessage('time_entry_in_future'), 400),
  monthClosed: (month: string) => new WorkingTimeError('month_closed', serverMessage('month_closed', { month }), 409),
  monthNotClosed: (month: string) =>
    new WorkingTimeError('month_not_closed', serverMessage('month_not_closed', { month }), 409),
  monthAlreadyClosed: (month: string) =>
    new WorkingTimeError('month_already_closed', serverMessage('month_already_closed', { month }), 409),
  monthInFuture: () => new WorkingTimeError('month_in_future', serverMessage('month_in_future'), 400),
  absenceNotFound: () => new WorkingTimeError('absence_not_found', serverMessage('absence_not_found'), 404),
  absenceOverlap: (start: string, end: string) =>
    new WorkingTimeError('absence_overlap', serverMessage('absence_overlap', { start, end }), 409),
  absenceDecided: () => new WorkingTimeError('absence_already_decided', serverMessage('absence_already_decided'), 409),
  absenceTypeOfficeOnly: () =>
    new WorkingTimeError('absence_type_office_only', serverMessage('absence_type_office_only'), 403),
  absenceDecidedImmutable: () =>
    new WorkingTimeError('absence_decided_immutable', serverMessage('absence_decided_immutable'), 409),
  holidayNotFound: () => new WorkingTimeError('holiday_not_found', serverMessage('holiday_not_found'), 404),
  holidayExists: () => new WorkingTimeError('holiday_exists', serverMessage('holiday_exists'), 409),
} as const;
