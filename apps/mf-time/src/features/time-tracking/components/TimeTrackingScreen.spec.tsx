import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_COMPANY_SETTINGS,
  type CompanySettingsDto,
  type StartTimeEntryRequest,
  type TimeEntryDto,
} from '@zunft/contracts';
import { loadPause, savePause, toast, type ToastMessage } from '@zunft/web-common';
import { renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { timeKeys } from '../api/useTimeEntries';
import { answerProjects } from '../../projects/components/projectsTestServer';
import { TimeTrackingScreen } from './TimeTrackingScreen';
import { aProject, aRunningEntry, mockFetch, otherProject, type Answer, type FetchCall } from './testData';

/** What the fake server knows; each route may be replaced by a test. */
interface Server {
  active: TimeEntryDto | null;
  /** Answer of GET /time-entries/active; default: the running entry. */
  activeAnswer: () => Answer;
  start: (body: StartTimeEntryRequest) => Answer;
  stop: () => Answer;
  /** GET /companies/settings; default: the defaults (position off). */
  settings: CompanySettingsDto;
}

let server: Server;
let restore: (() => void) | null = null;
let unsubscribe: (() => void) | null = null;
let toasts: ToastMessage[] = [];

beforeEach(() => {
  // The failed loads are logged on purpose; keep the test output readable.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  localStorage.clear();
  toasts = [];
  unsubscribe = toast.subscribe((m) => toasts.push(m));
  server = {
    active: null,
    activeAnswer: () => ({ status: 200, body: server.active }),
    start: (body) => {
      const project = [aProject(), otherProject].find((p) => p.id === body.projectId) ?? aProject();
      server.active = aRunningEntry(
        { id: 'e0000001-0000-4000-8000-0000000000ff', start_time: new Date().toISOString() },
        project,
      );
      return { status: 201, body: server.active };
    },
    stop: () => {
      const stopped = { ...server.active, end_time: new Date().toISOString(), status: 'completed' };
      server.active = null;
      return { status: 200, body: stopped };
    },
    settings: { ...DEFAULT_COMPANY_SETTINGS },
  };
});
afterEach(() => {
  jest.restoreAllMocks();
  restore?.();
  unsubscribe?.();
  restore = unsubscribe = null;
  Reflect.deleteProperty(navigator, 'geolocation');
});

function renderScreen(): { calls: FetchCall[]; client: QueryClient } {
  const mock = mockFetch((method, url, body) => {
    if (method === 'GET' && url === '/api/time-entries/active') return server.activeAnswer();
    if (method === 'GET' && url.startsWith('/api/time-entries?'))
      return { status: 200, body: { items: [], total: 0, page: 1, pageSize: 30 } };
    // The whole list is never asked for (issue 13): the server searches and pages.
    const projects = answerProjects([aProject(), otherProject], method, url);
    if (projects) return projects;
    if (method === 'GET' && url === '/api/companies/settings') return { status: 200, body: server.settings };
    if (method === 'POST' && url === '/api/time-entries/start') return server.start(body as StartTimeEntryRequest);
    if (method === 'POST' && url === '/api/time-entries/stop') return server.stop();
    return undefined;
  });
  restore = mock.restore;
  const Session = signedInAs('employee', { id: aRunningEntry().user_id });
  const { client } = renderWithProviders(
    <Session>
      <TimeTrackingScreen />
    </Session>,
    { route: '/time-tracking' },
  );
  return { calls: mock.calls, client };
}

const posts = (calls: FetchCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.url === path);
const toastTexts = () => toasts.map((m) => m.text);
const banner = () => screen.queryByText('Timer läuft');
/** A background check of the running entry; waits until the screen has rendered its result. */
const recheck = (client: QueryClient) =>
  act(async () => {
    await client.refetchQueries({ queryKey: timeKeys.active() });
    // TanStack Query tells the components on a later task (setTimeout 0).
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

/** Chooses the project in the start form and taps Starten. */
async function startTimer(title: string) {
  const card = (await screen.findByText('Timer starten')).closest('.ant-card') as HTMLElement;
  const select = within(card).getByRole('combobox', { name: 'Projekt' });
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByTitle(new RegExp(title)));
  const button = within(card).getByRole('button', { name: /Starten/ }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  // The location is read first (none here): let that settle inside act.
  await act(async () => {
    fireEvent.click(button);
  });
}

/** Opens the stop dialog of the banner and returns its OK button. */
async function openStopDialog(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: /Stopp/ }));
  const dialog = await screen.findByRole('dialog');
  return within(dialog).getByRole('button', { name: /Stoppen/ });
}

describe('TimeTrackingScreen on a bad connection', () => {
  it('a failed first load means no timer (part 1 §4)', async () => {
    server.activeAnswer = () => 'network';
    renderScreen();
    expect(await screen.findByText('Timer starten')).toBeTruthy();
    expect(banner()).toBeNull();
  });

  it('a failed check after a successful one keeps the banner and the open stop dialog', async () => {
    server.active = aRunningEntry();
    const { calls, client } = renderScreen();
    expect(await screen.findByText('Timer läuft')).toBeTruthy();
    await openStopDialog();

    server.activeAnswer = () => 'network';
    const before = calls.length;
    await recheck(client);
    expect(calls.slice(before).some((c) => c.url === '/api/time-entries/active')).toBe(true);
    expect(banner()).not.toBeNull();
    expect(screen.queryByText('Timer starten')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();

    // The server's answer still counts when it comes: the timer was stopped elsewhere.
    server.active = null;
    server.activeAnswer = () => ({ status: 200, body: null });
    await recheck(client);
    expect(await screen.findByText('Timer starten')).toBeTruthy();
  });

  it('a start whose answer got lost but which reached the server counts as started, without a second request', async () => {
    const { calls } = renderScreen();
    server.start = (body) => {
      server.active = aRunningEntry({ id: 'e0000001-0000-4000-8000-0000000000aa' }, aProject({ id: body.projectId }));
      return 'network';
    };
    await startTimer('Badsanierung Meier');
    expect(await screen.findByText('Timer läuft')).toBeTruthy();
    await waitFor(() => expect(toastTexts()).toContain('Timer gestartet!'));
    expect(toastTexts()).not.toContain('Fehler beim Starten des Timers');
    expect(posts(calls, '/api/time-entries/start')).toHaveLength(1);
  });

  it('a start refused with 409 because the same project runs already: success, and its pause is kept', async () => {
    // The banner is gone (e.g. the first load failed), but the server runs the timer with a pause.
    const running = aRunningEntry();
    savePause(running.id, { accruedMs: 12 * 60_000, pausedAt: null });
    server.activeAnswer = () => 'network';
    const { calls } = renderScreen();
    await screen.findByText('Timer starten');
    server.activeAnswer = () => ({ status: 200, body: running });
    server.start = () => ({
      status: 409,
      body: { error: 'Es läuft bereits ein Timer', code: 'timer_already_running' },
    });

    await startTimer('Badsanierung Meier');
    expect(await screen.findByText('Timer läuft')).toBeTruthy();
    await waitFor(() => expect(toastTexts()).toContain('Timer gestartet!'));
    expect(posts(calls, '/api/time-entries/start')).toHaveLength(1);
    expect(loadPause(running.id)).toEqual({ accruedMs: 12 * 60_000, pausedAt: null });
  });

  it('a start refused because another project runs: the failure toast, and the pause is kept', async () => {
    const running = aRunningEntry({}, otherProject);
    savePause(running.id, { accruedMs: 5 * 60_000, pausedAt: null });
    server.activeAnswer = () => 'network';
    renderScreen();
    await screen.findByText('Timer starten');
    server.activeAnswer = () => ({ status: 200, body: running });
    server.start = () => ({
      status: 409,
      body: { error: 'Es läuft bereits ein Timer', code: 'timer_already_running' },
    });

    await startTimer('Badsanierung Meier');
    await waitFor(() => expect(toastTexts()).toContain('Fehler beim Starten des Timers'));
    expect(toastTexts()).not.toContain('Timer gestartet!');
    expect(loadPause(running.id)).toEqual({ accruedMs: 5 * 60_000, pausedAt: null });
    // The reload shows the truth: the other project's timer.
    expect(await screen.findByText('Dach Huber')).toBeTruthy();
  });

  it('a start that fails for good (the check fails too) shows the failure toast', async () => {
    const { calls } = renderScreen();
    await screen.findByText('Timer starten');
    server.start = () => 'network';
    server.activeAnswer = () => 'network';
    await startTimer('Badsanierung Meier');
    await waitFor(() => expect(toastTexts()).toContain('Fehler beim Starten des Timers'));
    expect(toastTexts()).not.toContain('Timer gestartet!');
    expect(banner()).toBeNull();
    expect(posts(calls, '/api/time-entries/start')).toHaveLength(1);
  });

  it('a stop whose answer got lost but which reached the server counts as stopped', async () => {
    server.active = aRunningEntry();
    savePause(server.active.id, { accruedMs: 60_000, pausedAt: null });
    const { calls } = renderScreen();
    await screen.findByText('Timer läuft');
    server.stop = () => {
      server.active = null;
      return 'network';
    };
    fireEvent.click(await openStopDialog());
    await waitFor(() => expect(toastTexts()).toContain('Timer gestoppt!'));
    expect(toastTexts()).not.toContain('Fehler beim Stoppen des Timers');
    expect(await screen.findByText('Timer starten')).toBeTruthy();
    expect(posts(calls, '/api/time-entries/stop')).toHaveLength(1);
  });

  it('a stop answered with 409 timer_not_running while no timer runs counts as stopped', async () => {
    server.active = aRunningEntry();
    renderScreen();
    await screen.findByText('Timer läuft');
    server.stop = () => {
      server.active = null;
      return { status: 409, body: { error: 'Dieser Timer läuft nicht mehr', code: 'timer_not_running' } };
    };
    fireEvent.click(await openStopDialog());
    await waitFor(() => expect(toastTexts()).toContain('Timer gestoppt!'));
    expect(await screen.findByText('Timer starten')).toBeTruthy();
  });

  it('a stop that did not reach the server: the failure toast, the timer and its pause stay', async () => {
    const running = aRunningEntry();
    server.active = running;
    savePause(running.id, { accruedMs: 3 * 60_000, pausedAt: null });
    renderScreen();
    await screen.findByText('Timer läuft');
    server.stop = () => 'network';
    fireEvent.click(await openStopDialog());
    await waitFor(() => expect(toastTexts()).toContain('Fehler beim Stoppen des Timers'));
    expect(toastTexts()).not.toContain('Timer gestoppt!');
    expect(banner()).not.toBeNull();
    expect(loadPause(running.id)).toEqual({ accruedMs: 3 * 60_000, pausedAt: null });
  });

  it('a double tap on Stoppen while the location is read sends one stop', async () => {
    let answerPosition: (() => void) | null = null;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) => {
          answerPosition = () =>
            ok({ coords: { latitude: 46.95, longitude: 7.44, accuracy: 12 } } as unknown as GeolocationPosition);
        },
      },
    });
    server.settings = { ...DEFAULT_COMPANY_SETTINGS, gps_enabled: true };
    server.active = aRunningEntry({ start_latitude: 46.95, start_longitude: 7.44, start_accuracy: 12 });
    const { calls } = renderScreen();
    await screen.findByText('Timer läuft');
    const ok = await openStopDialog();
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(ok.className).toContain('ant-btn-loading'));
    fireEvent.click(ok);
    expect(answerPosition).not.toBeNull();
    act(() => answerPosition?.());
    await waitFor(() => expect(toastTexts()).toContain('Timer gestoppt!'));
    const stops = posts(calls, '/api/time-entries/stop');
    expect(stops).toHaveLength(1);
    expect(stops[0]?.body).toMatchObject({ latitude: 46.95, longitude: 7.44 });
    expect(toastTexts()).not.toContain('Fehler beim Stoppen des Timers');
  });
});

describe('TimeTrackingScreen: the position at start and stop follows the company setting (gps_enabled)', () => {
  /** A browser that would answer at once; counts how often it is asked. */
  function fakeGeolocation() {
    const getCurrentPosition = jest.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 47.37, longitude: 8.54, accuracy: 9 } } as unknown as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
    return getCurrentPosition;
  }

  /** The server keeps the start position it gets (or, with `stored`, one it kept from earlier). */
  function startKeeping(stored?: { latitude: number; longitude: number; accuracy: number }) {
    server.start = (body) => {
      const at = stored ?? body;
      server.active = aRunningEntry({
        id: 'e0000001-0000-4000-8000-0000000000fe',
        start_time: new Date().toISOString(),
        start_latitude: at.latitude ?? null,
        start_longitude: at.longitude ?? null,
        start_accuracy: at.accuracy ?? null,
      });
      return { status: 201, body: server.active };
    };
  }

  it('off (the default): the browser is never asked, start and stop go out without a position', async () => {
    const getCurrentPosition = fakeGeolocation();
    // As if the timer had started with a position while it was still allowed: not read at the stop either.
    startKeeping({ latitude: 46.95, longitude: 7.44, accuracy: 12 });
    const { calls } = renderScreen();
    await startTimer('Badsanierung Meier');
    await waitFor(() => expect(toastTexts()).toContain('Timer gestartet!'));
    const [start] = posts(calls, '/api/time-entries/start');
    expect(start?.body).not.toHaveProperty('latitude');
    expect(start?.body).not.toHaveProperty('accuracy');

    fireEvent.click(await openStopDialog());
    await waitFor(() => expect(toastTexts()).toContain('Timer gestoppt!'));
    expect(posts(calls, '/api/time-entries/stop')[0]?.body).not.toHaveProperty('latitude');
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'GET' && c.url === '/api/companies/settings')).toBe(true);
  });

  it('on: read once at the start and once at the stop, sent with its accuracy', async () => {
    const getCurrentPosition = fakeGeolocation();
    server.settings = { ...DEFAULT_COMPANY_SETTINGS, gps_enabled: true };
    startKeeping();
    const { calls } = renderScreen();
    await startTimer('Badsanierung Meier');
    await waitFor(() => expect(toastTexts()).toContain('Timer gestartet!'));
    expect(posts(calls, '/api/time-entries/start')[0]?.body).toMatchObject({
      latitude: 47.37,
      longitude: 8.54,
      accuracy: 9,
    });
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);

    fireEvent.click(await openStopDialog());
    await waitFor(() => expect(toastTexts()).toContain('Timer gestoppt!'));
    expect(posts(calls, '/api/time-entries/stop')[0]?.body).toMatchObject({ latitude: 47.37, accuracy: 9 });
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
  });
});
