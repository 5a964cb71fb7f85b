import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDto, Role, ScheduleWeekResponse } from '@zunft/contracts';
import { LocationProbe, renderWithProviders, testQueryClient } from '../../../test/render';
import { EMIL, EVA, WEEK, aWeek, anAssignment } from '../../../test/scheduling';
import { signedInAs } from '../../../test/session';
import { answerProjects, testProject } from '../../projects/components/projectsTestServer';
import { mockFetch, type FetchCall } from '../../time-tracking/components/testData';
import { schedulingKeys } from '../api/useScheduling';
import { SchedulingScreen } from './SchedulingScreen';

const projects: ProjectDto[] = [
  testProject({ title: 'Badsanierung Meier', project_number: 'P-2026-001', status: 'in_progress' }),
  testProject({
    id: 'a0c1e2f3-0000-4000-8000-000000000002',
    title: 'Dach Huber',
    project_number: 'P-2026-002',
    status: 'planned',
    created_at: '2026-01-02T00:00:00.000Z',
  }),
  testProject({
    id: 'a0c1e2f3-0000-4000-8000-000000000003',
    title: 'Altbau Keller',
    project_number: 'P-2026-003',
    status: 'completed',
  }),
];

let calls: FetchCall[] = [];
let restore: (() => void) | null = null;

function renderAs(role: Role, weeks: Record<string, ScheduleWeekResponse>, route = '/scheduling') {
  const client = testQueryClient();
  for (const [key, week] of Object.entries(weeks))
    client.setQueryData(schedulingKeys.week(key === 'current' ? null : key), week);
  // The project select asks the server (search, status, 20 a page), never for the whole list.
  const mock = mockFetch((method, url) => answerProjects(projects, method, url));
  calls = mock.calls;
  restore = mock.restore;
  const Session = signedInAs(role, role === 'employee' ? { id: EMIL.id, firstName: 'Emil' } : {});
  return renderWithProviders(
    <Session>
      <SchedulingScreen />
      <LocationProbe />
    </Session>,
    { route, client },
  );
}

const setWidth = (px: number | undefined) => {
  (globalThis as { __testWidth?: number }).__testWidth = px;
};
afterEach(() => {
  setWidth(undefined);
  restore?.();
  restore = null;
});

// Eva: a whole day and a morning overlap on Wednesday; Emil: morning and afternoon only touch.
const morning = anAssignment({
  work_date: '2026-11-24',
  start_time: '08:00',
  end_time: '12:00',
  note: 'Schlüssel beim Hauswart',
});
const afternoon = anAssignment({
  work_date: '2026-11-24',
  start_time: '12:00',
  end_time: '16:00',
  project_title: 'Dach Huber',
  project_number: 'P-2026-002',
});
const whole = anAssignment({
  user_id: EVA.id,
  work_date: '2026-11-25',
  project_title: 'Dach Huber',
  project_number: 'P-2026-002',
});
const evaMorning = anAssignment({ user_id: EVA.id, work_date: '2026-11-25', start_time: '07:00', end_time: '09:00' });
whole.conflict = true;
whole.conflict_with = [evaMorning.id];
evaMorning.conflict = true;
evaMorning.conflict_with = [whole.id];
const board = aWeek({ assignments: [morning, afternoon, whole, evaMorning] });

describe('SchedulingScreen for the office (desktop)', () => {
  it('shows the week board: employees × days, chips with time window or whole day, conflicts in red', async () => {
    renderAs('backoffice', { current: board });
    const grid = await screen.findByTestId('week-board', {}, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Einsatzplanung' })).toBeTruthy();
    expect(screen.getByTestId('week-label').textContent).toBe('KW 48 · 23.–29.11.2026');
    for (const day of ['Mo 23.11.', 'Di 24.11.', 'Mi 25.11.', 'So 29.11.']) {
      expect(within(grid).getByRole('columnheader', { name: new RegExp(day) })).toBeTruthy();
    }
    const emilRow = screen.getByTestId(`board-row-${EMIL.id}`);
    expect(within(emilRow).getByText('Emil Arbeiter')).toBeTruthy();
    expect(emilRow.textContent).toContain('P-2026-001Badsanierung Meier');
    expect(emilRow.textContent).toContain('08:00–12:00');
    expect(emilRow.textContent).toContain('12:00–16:00');
    // Touching windows are no conflict.
    expect(within(emilRow).queryByText('Konflikt')).toBeNull();

    const evaRow = screen.getByTestId(`board-row-${EVA.id}`);
    expect(evaRow.textContent).toContain('Ganzer Tag');
    expect(within(evaRow).getAllByText('Konflikt')).toHaveLength(2);
    const chips = within(evaRow).getAllByTestId('assignment-chip');
    expect(chips.map((c) => c.getAttribute('data-conflict'))).toEqual(['true', 'true']);
    expect(screen.getByRole('button', { name: 'Einsatz planen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vorwoche übernehmen' })).toBeTruthy();
  }, 60_000);

  it('an empty cell opens the create dialog for that employee and day', async () => {
    renderAs('admin', { current: board });
    const cell = await screen.findByRole(
      'button',
      { name: 'Einsatz planen für Eva Bauer am 27.11.2026' },
      { timeout: 5000 },
    );
    fireEvent.click(cell);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Einsatz planen');
    expect(dialog.textContent).toContain('Eva Bauer');
    expect((within(dialog).getByLabelText('Datum') as HTMLInputElement).value).toBe('27.11.2026');
    expect(within(dialog).queryByRole('button', { name: 'Löschen' })).toBeNull();
    // Von without Bis: the shared rule's message.
    // Only open projects are offered (the server's planned and in-progress pages), newest first.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Projekt' }));
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
        'P-2026-002 · Dach Huber',
        'P-2026-001 · Badsanierung Meier',
      ]),
    );
    const statuses = calls
      .filter((c) => c.url.startsWith('/api/projects?'))
      .map((c) => new URLSearchParams(c.url.split('?')[1]).get('status'));
    expect(new Set(statuses)).toEqual(new Set(['planned', 'in_progress']));
    fireEvent.change(within(dialog).getByLabelText('Von'), { target: { value: '10:00' } });
    fireEvent.change(within(dialog).getByLabelText('Bis'), { target: { value: '09:00' } });
    expect(await within(dialog).findByText('Bis muss nach Von liegen')).toBeTruthy();
  }, 60_000);

  it('a chip opens the edit dialog with the conflict and a delete that asks first', async () => {
    renderAs('admin', { current: board });
    const chip = await screen.findByRole(
      'button',
      { name: 'Einsatz P-2026-002 · Dach Huber am 25.11.2026, Ganzer Tag öffnen' },
      { timeout: 5000 },
    );
    fireEvent.click(chip);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Einsatz bearbeiten');
    expect(dialog.textContent).toContain('Überschneidet sich mit: P-2026-001 · Badsanierung Meier (07:00–09:00)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Diesen Einsatz wirklich löschen?')).toBeTruthy();
  }, 60_000);

  it('week navigation puts the Monday into the URL', async () => {
    const next = aWeek({
      weekStart: '2026-11-30',
      isoWeek: 49,
      days: board.days.map((d) => d.replace('2026-11-2', '2026-12-0')),
    });
    renderAs('admin', {
      current: board,
      '2026-11-30': next,
      '2026-11-16': aWeek({ weekStart: '2026-11-16', isoWeek: 47 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nächste Woche' }, { timeout: 5000 }));
    expect((await screen.findByTestId('location')).textContent).toBe('/scheduling?week=2026-11-30');
    expect((await screen.findByTestId('week-label')).textContent).toBe('KW 49 · 30.11.–06.12.2026');
    fireEvent.click(screen.getByRole('button', { name: 'Diese Woche' }));
    expect(screen.getByTestId('location').textContent).toBe('/scheduling');
  }, 60_000);
});

describe('SchedulingScreen on a phone and for employees', () => {
  it('the office gets one card per day instead of the wide grid', async () => {
    setWidth(390);
    renderAs('admin', { current: board });
    const wednesday = await screen.findByTestId('day-2026-11-25', {}, { timeout: 5000 });
    expect(screen.queryByTestId('week-board')).toBeNull();
    expect(wednesday.textContent).toContain('Mittwoch, 25.11.');
    expect(wednesday.textContent).toContain('Eva Bauer');
    expect(within(wednesday).getAllByText('Konflikt')).toHaveLength(2);
    expect(screen.getByTestId('day-2026-11-26').textContent).toContain('Keine Einsätze');
    expect(screen.getByRole('button', { name: 'Einsatz planen am 26.11.2026' })).toBeTruthy();
  }, 60_000);

  it('employees see “Mein Wochenplan” with their own days, read-only', async () => {
    setWidth(390);
    const own = aWeek({ employees: [EMIL], assignments: [morning, afternoon] });
    renderAs('employee', { [WEEK]: own }, `/scheduling?week=${WEEK}`);
    expect(await screen.findByText('Mein Wochenplan', {}, { timeout: 5000 })).toBeTruthy();
    const tuesday = screen.getByTestId('day-2026-11-24');
    expect(tuesday.textContent).toContain('P-2026-001Badsanierung Meier');
    expect(tuesday.textContent).toContain('08:00–12:00');
    expect(tuesday.textContent).toContain('Meier AG');
    expect(screen.queryByTestId('week-board')).toBeNull();
    expect(screen.queryByRole('button', { name: /Einsatz planen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /öffnen/ })).toBeNull();
    expect(screen.getByTestId('week-label').textContent).toBe('KW 48 · 23.–29.11.2026');
  }, 60_000);

  it('employees without assignments get the empty state', async () => {
    renderAs('employee', { current: aWeek({ employees: [EMIL], assignments: [] }) });
    expect(await screen.findByText('Keine Einsätze in dieser Woche', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Vorwoche übernehmen/ })).toBeNull();
  }, 60_000);
});
