import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AbsenceDto, Role, TimeAccountDto } from '@zunft/contracts';
import { toast, type ToastMessage } from '@zunft/web-common';
import { renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { ADMIN_ID, EMPLOYEE_ID, mockFetch, type FetchCall } from '../../expenses/components/testData';
import { monthLabel, monthOf } from './workingTimeHelpers';
import { WorkingTimeScreen } from './WorkingTimeScreen';

const MONTH = monthOf();
const SARA_ID = '00000000-0000-4000-8000-000000000004';

// A month of 4 weeks at 100 %: 4 × 42.5 h = 170 h target; worked 172.5 h and one sick day of
// 8.5 h, so 172.5 + 8.5 − 170 = +11 h this month; 3.5 h carried from before: balance +14.5 h.
function anAccount(overrides: Partial<TimeAccountDto> = {}): TimeAccountDto {
  return {
    userId: EMPLOYEE_ID,
    user_name: 'Beat Arbeiter',
    month: MONTH,
    target_hours: 170,
    worked_hours: 172.5,
    absence_hours: 8.5,
    absences_by_type: { sick: 1, holiday: 0 },
    overtime_hours: 11,
    balance_hours: 14.5,
    holiday_days_taken: 2.5,
    holiday_days_left: 17.5,
    night_hours: 0,
    sunday_hours: 0,
    holiday_hours: 0,
    weeks: [
      { week_start: '2026-11-02', hours: 43.5 },
      { week_start: '2026-11-09', hours: 51 },
      { week_start: '2026-11-16', hours: 40 },
      { week_start: '2026-11-23', hours: 38 },
    ],
    warnings: [
      { date: '2026-11-12', rule: 'break', message: 'Pause zu kurz: 9.5 Stunden Arbeit verlangen 60 Minuten Pause' },
      {
        date: '2026-11-15',
        rule: 'weekly_max',
        message: 'Wöchentliche Höchstarbeitszeit von 45 Stunden überschritten',
      },
    ],
    closed: false,
    closed_at: null,
    closed_by: null,
    ...overrides,
  };
}

function anAbsence(overrides: Partial<AbsenceDto> = {}): AbsenceDto {
  return {
    id: 'ab000000-0000-4000-8000-000000000001',
    user_id: EMPLOYEE_ID,
    user_name: 'Beat Arbeiter',
    type: 'holiday',
    status: 'requested',
    start_date: `${MONTH}-21`,
    end_date: `${MONTH}-23`,
    half_day: null,
    note: null,
    days: 3,
    decided_by: null,
    decided_at: null,
    reject_reason: null,
    created_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

let restore: (() => void) | null = null;
let unsubscribe: (() => void) | null = null;
afterEach(() => {
  restore?.();
  unsubscribe?.();
  restore = unsubscribe = null;
});

function collectToasts(): ToastMessage[] {
  const toasts: ToastMessage[] = [];
  unsubscribe = toast.subscribe((m) => toasts.push(m));
  return toasts;
}

function renderAs(
  role: Role,
  {
    userId = EMPLOYEE_ID,
    accounts = [anAccount()],
    absences = [
      anAbsence(),
      anAbsence({
        id: 'ab000000-0000-4000-8000-000000000002',
        type: 'sick',
        status: 'approved',
        start_date: `${MONTH}-05`,
        end_date: `${MONTH}-05`,
        days: 1,
      }),
    ],
  }: { userId?: string; accounts?: TimeAccountDto[]; absences?: AbsenceDto[] } = {},
): FetchCall[] {
  const mock = mockFetch((method, url) => {
    if (method === 'GET' && url.startsWith('/api/time-accounts/export'))
      return { status: 200, blob: { type: 'text/csv', bytes: 'Mitarbeiter;Normalstunden\n' } };
    if (method === 'GET' && url.startsWith('/api/time-records/export'))
      return url.endsWith('format=pdf')
        ? { status: 200, blob: { type: 'application/pdf', bytes: '%PDF-1.3\n' } }
        : { status: 200, blob: { type: 'text/csv', bytes: 'Datum;Beginn\n' } };
    if (method === 'GET' && url.startsWith('/api/time-accounts?')) return { status: 200, body: accounts };
    if (method === 'GET' && url.startsWith('/api/absences?status=requested'))
      return { status: 200, body: absences.filter((a) => a.status === 'requested') };
    if (method === 'GET' && url.startsWith('/api/absences?')) return { status: 200, body: absences };
    if (method === 'POST' && url === '/api/absences') return { status: 201, body: anAbsence() };
    if (method === 'PUT' && url.endsWith('/approve'))
      return { status: 200, body: { ...absences[0], status: 'approved' } };
    if (method === 'PUT' && url.endsWith('/reject'))
      return { status: 200, body: { ...absences[0], status: 'rejected' } };
    if (method === 'POST' && url.endsWith('/close')) return { status: 200, body: {} };
    if (method === 'POST' && url.endsWith('/reopen')) return { status: 200, body: {} };
    return undefined;
  });
  restore = mock.restore;
  const Session = signedInAs(role, { id: userId });
  renderWithProviders(
    <Session>
      <WorkingTimeScreen />
    </Session>,
    { route: '/working-time' },
  );
  return mock.calls;
}

const tile = (title: string) =>
  (screen
    .getAllByText(title)
    .map((el) => el.closest('.ant-card'))
    .find((c) => c?.getAttribute('role') === 'group')?.textContent ?? '') as string;

describe('WorkingTimeScreen (issue 24)', () => {
  it('an employee sees their month: figures, weeks, warnings and absences, no office tools', async () => {
    const calls = renderAs('employee');
    expect(await screen.findByText(`Beat Arbeiter · ${monthLabel(MONTH, 'de')}`)).toBeTruthy();
    expect(tile('Soll')).toContain('170.0 h');
    expect(tile('Gearbeitet')).toContain('172.5 h');
    expect(tile('Überstunden im Monat')).toContain('+11.0 h');
    expect(tile('Saldo übertragen')).toContain('+14.5 h');
    expect(tile('Absenzen')).toContain('8.5 h');
    expect(tile('Ferien bezogen')).toContain('2.5 Tage');
    expect(tile('Ferien übrig')).toContain('17.5 Tage');
    // The chart: one image whose description reads every week.
    const chart = screen.getByRole('img', { name: /Gearbeitete Stunden pro Kalenderwoche/ });
    expect(chart.textContent).toContain(
      'KW 45: 43.5 Stunden; KW 46: 51.0 Stunden; KW 47: 40.0 Stunden; KW 48: 38.0 Stunden',
    );
    expect(screen.getByText(/Pause zu kurz: 9.5 Stunden Arbeit verlangen 60 Minuten Pause/).textContent).toContain(
      '12.11.2026',
    );
    expect(screen.getByText('Krankheit', { selector: 'span' })).toBeTruthy();
    // Own requests: listed with their status; the employee may withdraw a waiting one.
    const list = await screen.findByText('Beantragt');
    const item = list.closest('li') as HTMLElement;
    expect(item.textContent).toContain('3 Arbeitstage');
    expect(within(item).getByRole('button', { name: 'Löschen' })).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /Genehmigen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Lohnbuchhaltung/ })).toBeNull();
    // Their own record of the labour law (ArGV 1 art. 73) is theirs to download too.
    expect(screen.getByRole('button', { name: /Arbeitszeitnachweis \(CSV\)/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Arbeitszeitnachweis \(PDF\)/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Monat abschliessen/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Mitarbeiter/in' })).toBeNull();
    expect(calls.map((c) => c.url)).toContain(`/api/time-accounts?month=${MONTH}`);
    expect(calls.some((c) => c.url.includes('status=requested'))).toBe(false);
  }, 60_000);

  it('an employee requests holiday: a POST /absences of type holiday, «Ferienantrag gesendet!»', async () => {
    const toasts = collectToasts();
    const calls = renderAs('employee');
    await screen.findByText(`Beat Arbeiter · ${monthLabel(MONTH, 'de')}`);
    fireEvent.click(screen.getByRole('button', { name: /Ferien beantragen/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Art')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Beantragen' }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Ferienantrag gesendet!'));
    const post = calls.find((c) => c.method === 'POST');
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(post).toEqual({
      method: 'POST',
      url: '/api/absences',
      body: { type: 'holiday', startDate: iso, endDate: iso, halfDay: null, note: null },
    });
  }, 60_000);

  it('the office approves a request and rejects one with a reason', async () => {
    const toasts = collectToasts();
    const calls = renderAs('backoffice', { userId: ADMIN_ID });
    const pending = await screen.findByText('1 Antrag offen');
    const card = pending.closest('.ant-card') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: /Genehmigen/ }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Antrag genehmigt!'));
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe(`/api/absences/${anAbsence().id}/approve`);

    fireEvent.click(within(card).getByRole('button', { name: /Ablehnen/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Ferien von Beat Arbeiter');
    fireEvent.click(within(dialog).getByRole('button', { name: /Ablehnen/ }));
    expect(await within(dialog).findByText('Begründung ist erforderlich')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Begründung'), { target: { value: ' Baustelle Meier ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Ablehnen/ }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Antrag abgelehnt!'));
    expect(calls.find((c) => c.url.endsWith('/reject'))).toEqual({
      method: 'PUT',
      url: `/api/absences/${anAbsence().id}/reject`,
      body: { reason: 'Baustelle Meier' },
    });
  }, 60_000);

  it('the office closes the shown employee’s month, downloads the payroll CSV and the employee’s record', async () => {
    const toasts = collectToasts();
    const saved: string[] = [];
    const urlApi = URL as unknown as { createObjectURL?: unknown; revokeObjectURL?: unknown };
    const original = { create: urlApi.createObjectURL, revoke: urlApi.revokeObjectURL };
    urlApi.createObjectURL = () => 'blob:csv';
    urlApi.revokeObjectURL = () => undefined;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      const accounts = [anAccount(), anAccount({ userId: SARA_ID, user_name: 'Sara Keller' })];
      const calls = renderAs('admin', { userId: ADMIN_ID, accounts });
      await screen.findByText(`Beat Arbeiter · ${monthLabel(MONTH, 'de')}`);
      // The owner's list of the whole team's warnings of the month, by day.
      const team = screen.getByText(`Hinweise aller Mitarbeitenden, ${monthLabel(MONTH, 'de')}`).closest('.ant-card');
      expect(team?.textContent).toContain('12.11.2026 · Beat Arbeiter: Pause zu kurz');
      expect(team?.textContent).toContain('12.11.2026 · Sara Keller: Pause zu kurz');
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Mitarbeiter/in' }));
      fireEvent.click(await screen.findByTitle('Sara Keller'));
      await screen.findByText(`Sara Keller · ${monthLabel(MONTH, 'de')}`);
      expect(calls.map((c) => c.url)).toContain(`/api/absences?userId=${SARA_ID}&from=${MONTH}-01&to=${monthEnd()}`);

      fireEvent.click(screen.getByRole('button', { name: /Monat abschliessen/ }));
      const confirm = await screen.findByText(/für Sara Keller abschliessen\?/);
      const popover = confirm.closest('.ant-popover') as HTMLElement;
      fireEvent.click(within(popover).getByRole('button', { name: /Monat abschliessen/ }));
      await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Monat abgeschlossen!'));
      expect(calls.find((c) => c.url.endsWith('/close'))).toMatchObject({
        method: 'POST',
        url: `/api/time-accounts/${SARA_ID}/${MONTH}/close`,
      });

      fireEvent.click(screen.getByRole('button', { name: /CSV für die Lohnbuchhaltung/ }));
      await waitFor(() => expect(saved).toEqual([`arbeitszeit-${MONTH}.csv`]));
      expect(calls.map((c) => c.url)).toContain(`/api/time-accounts/export?month=${MONTH}&format=csv`);
      // … and as an Excel workbook
      fireEvent.click(screen.getByRole('button', { name: /Excel für die Lohnbuchhaltung/ }));
      await waitFor(() => expect(saved).toContain(`arbeitszeit-${MONTH}.xlsx`));
      expect(calls.map((c) => c.url)).toContain(`/api/time-accounts/export?month=${MONTH}&format=xlsx`);

      // The ArGV 1 art. 73 record of the shown employee and month.
      fireEvent.click(screen.getByRole('button', { name: /Arbeitszeitnachweis \(CSV\)/ }));
      await waitFor(() => expect(saved).toContain(`arbeitszeitnachweis-sara-keller-${MONTH}.csv`));
      expect(calls.map((c) => c.url)).toContain(
        `/api/time-records/export?userId=${SARA_ID}&from=${MONTH}-01&to=${monthEnd()}&format=csv`,
      );
      // … and as the PDF the server renders
      fireEvent.click(screen.getByRole('button', { name: /Arbeitszeitnachweis \(PDF\)/ }));
      await waitFor(() => expect(saved).toContain(`arbeitszeitnachweis-sara-keller-${MONTH}.pdf`));
      expect(calls.map((c) => c.url)).toContain(
        `/api/time-records/export?userId=${SARA_ID}&from=${MONTH}-01&to=${monthEnd()}&format=pdf`,
      );
    } finally {
      HTMLAnchorElement.prototype.click = click;
      urlApi.createObjectURL = original.create;
      // saveBlob revokes its URL 10 s later, possibly after this test: jsdom has no revokeObjectURL.
      urlApi.revokeObjectURL = original.revoke ?? (() => undefined);
    }
  }, 60_000);

  it('an admin reopens a closed month only with a reason', async () => {
    const toasts = collectToasts();
    const calls = renderAs('admin', { userId: ADMIN_ID, accounts: [anAccount({ closed: true })] });
    await screen.findByText('Abgeschlossen');
    expect(screen.queryByRole('button', { name: /Monat abschliessen/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Monat wieder öffnen/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Monat wieder öffnen/ }));
    expect(await within(dialog).findByText('Begründung ist erforderlich')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Begründung'), { target: { value: 'Stunden nachgetragen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Monat wieder öffnen/ }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Monat wieder geöffnet!'));
    expect(calls.find((c) => c.url.endsWith('/reopen'))).toEqual({
      method: 'POST',
      url: `/api/time-accounts/${EMPLOYEE_ID}/${MONTH}/reopen`,
      body: { reason: 'Stunden nachgetragen' },
    });
  }, 60_000);

  it('backoffice closes but does not reopen (an admin does)', async () => {
    renderAs('backoffice', { userId: ADMIN_ID, accounts: [anAccount({ closed: true })] });
    await screen.findByText('Abgeschlossen');
    expect(screen.queryByRole('button', { name: /Monat wieder öffnen/ })).toBeNull();
  }, 60_000);
});

function monthEnd(): string {
  const [y, m] = MONTH.split('-').map(Number) as [number, number];
  return `${MONTH}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}
