import type { ScheduleAssignmentDto, ScheduleEmployeeDto, ScheduleWeekResponse } from '@zunft/contracts';

/** Test data of the scheduling screen: KW 48 of 2026 (23.–29.11.2026). */
export const WEEK = '2026-11-23';
export const DAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

export const EMIL: ScheduleEmployeeDto = {
  id: '00000000-0000-4000-8000-000000000002',
  first_name: 'Emil',
  last_name: 'Arbeiter',
  role: 'employee',
  is_active: true,
};
export const EVA: ScheduleEmployeeDto = {
  id: '00000000-0000-4000-8000-000000000003',
  first_name: 'Eva',
  last_name: 'Bauer',
  role: 'employee',
  is_active: true,
};

let n = 0;
export function anAssignment(overrides: Partial<ScheduleAssignmentDto> = {}): ScheduleAssignmentDto {
  n++;
  return {
    id: `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`,
    user_id: EMIL.id,
    project_id: 'a0c1e2f3-0000-4000-8000-000000000001',
    project_title: 'Badsanierung Meier',
    project_number: 'P-2026-001',
    project_status: 'in_progress',
    customer_name: 'Meier AG',
    work_date: '2026-11-24',
    start_time: null,
    end_time: null,
    note: null,
    created_by: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    conflict: false,
    conflict_with: [],
    ...overrides,
  };
}

export function aWeek(overrides: Partial<ScheduleWeekResponse> = {}): ScheduleWeekResponse {
  return { weekStart: WEEK, isoWeek: 48, days: DAYS, employees: [EMIL, EVA], assignments: [], ...overrides };
}
