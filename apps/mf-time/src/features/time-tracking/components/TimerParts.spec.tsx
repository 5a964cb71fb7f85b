import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DEFAULT_COMPANY_SETTINGS, type ProjectDto, type TimeEntryDto } from '@zunft/contracts';
import { renderWithProviders } from '../../../test/render';
import { answerProjects } from '../../projects/components/projectsTestServer';
import type { ProjectChoice } from '../../projects/components/ProjectSelect';
import { RunningTimerBanner } from './RunningTimerBanner';
import { StartTimerCard } from './StartTimerCard';
import { SurchargePreview } from './SurchargePreview';
import { EntryLocation } from './TimeEntryList';
import { aProject, aRunningEntry, mockFetch } from './testData';

const project: ProjectDto = aProject({ customer_id: 'c1' });

describe('StartTimerCard', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  it('keeps the start button disabled until a project is chosen', async () => {
    const mock = mockFetch((method, url) => answerProjects([project], method, url));
    restore = mock.restore;
    const onStart = jest.fn(async (_project: ProjectChoice, _description: string) => true);
    const props = { starting: false, locating: false, onStart };
    const { unmount } = renderWithProviders(<StartTimerCard {...props} initialProjectId={null} />);
    expect((screen.getByRole('button', { name: /Starten/ }) as HTMLButtonElement).disabled).toBe(true);
    unmount();

    // ?project= preselects once the project is read: one tap starts.
    renderWithProviders(<StartTimerCard {...props} initialProjectId={project.id} />);
    const start = screen.getByRole('button', { name: /Starten/ }) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(false));
    fireEvent.click(start);
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ id: project.id, title: project.title }), '');
    // The select asked the server for 20 matches, never for the whole list.
    expect(mock.calls.some((c) => c.url === '/api/projects')).toBe(false);
    expect(mock.calls.some((c) => c.url === '/api/projects?page=1&pageSize=20')).toBe(true);
  });
});

describe('RunningTimerBanner', () => {
  const startedAt = new Date('2026-03-02T07:00:00.000Z');
  const entry = {
    id: 'e1',
    project_id: project.id,
    project_title: project.title,
    project_number: project.project_number,
    start_time: startedAt.toISOString(),
    end_time: null,
    break_minutes: 0,
    description: null,
    status: 'active',
    start_latitude: null,
  } as unknown as TimeEntryDto;

  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers({ now: new Date(startedAt.getTime() + (3600 + 2 * 60 + 3) * 1000) });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows Timer läuft with the project and ticks HH:MM:SS every second', () => {
    render(<RunningTimerBanner entry={entry} stopping={false} onStop={async () => true} />);
    expect(screen.getByText('Timer läuft')).toBeTruthy();
    expect(screen.getByText('Badsanierung Meier')).toBeTruthy();
    expect(screen.getByTestId('timer-elapsed').textContent).toBe('01:02:03');
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(screen.getByTestId('timer-elapsed').textContent).toBe('01:02:05');
  });

  it('pause freezes the clock and the accrued minutes are offered as break on stop', () => {
    const onStop = jest.fn(async (_minutes: number) => true);
    render(<RunningTimerBanner entry={entry} stopping={false} onStop={onStop} />);
    fireEvent.click(screen.getByRole('button', { name: /Pause/ }));
    expect(screen.getByText('Pausiert')).toBeTruthy();
    act(() => {
      jest.advanceTimersByTime(12 * 60_000);
    });
    expect(screen.getByTestId('timer-elapsed').textContent).toBe('01:02:03');
    fireEvent.click(screen.getByRole('button', { name: /Fortsetzen/ }));
    expect(JSON.parse(localStorage.getItem('zunft.time.pause.e1') ?? '{}')).toEqual({
      accruedMs: 12 * 60_000,
      pausedAt: null,
    });
    fireEvent.click(screen.getByRole('button', { name: /Stopp/ }));
    expect((screen.getByLabelText('Pause (Minuten)') as HTMLInputElement).value).toBe('12');
  });
});

describe('SurchargePreview (shared rule from contracts)', () => {
  it('shows the Sunday surcharge of 50 % as the total', () => {
    render(
      <SurchargePreview
        start={new Date('2026-03-01T08:00:00+01:00')}
        end={new Date('2026-03-01T12:00:00+01:00')}
        breakMinutes={30}
        settings={DEFAULT_COMPANY_SETTINGS}
      />,
    );
    const panel = screen.getByTestId('surcharge-preview');
    expect(panel.textContent).toContain('Sonntagszuschlag');
    expect(panel.textContent).toContain('+50 %');
    expect(panel.textContent).toContain('3.5 h');
  });

  it('says so when automatic surcharges are off', () => {
    render(
      <SurchargePreview
        start={new Date('2026-03-01T20:00:00+01:00')}
        end={new Date('2026-03-01T22:00:00+01:00')}
        breakMinutes={0}
        settings={{ ...DEFAULT_COMPANY_SETTINGS, auto_calculate_surcharges: false }}
      />,
    );
    expect(screen.getByTestId('surcharge-preview').textContent).toContain('ausgeschaltet');
  });
});

describe('EntryLocation', () => {
  it('links the start and stop positions with their accuracy; nothing without a position', () => {
    const entry = aRunningEntry({
      start_latitude: 46.948,
      start_longitude: 7.4474,
      start_accuracy: 12.4,
      end_latitude: 46.95,
      end_longitude: 7.45,
      end_accuracy: null,
    });
    const { unmount } = render(<EntryLocation entry={entry} />);
    const start = screen.getByRole('link', { name: 'Start (±12 m)' });
    expect(start.getAttribute('href')).toContain('mlat=46.948&mlon=7.4474');
    expect(screen.getByRole('link', { name: 'Ende' }).getAttribute('href')).toContain('mlat=46.95&mlon=7.45');
    unmount();
    const { container } = render(<EntryLocation entry={aRunningEntry()} />);
    expect(container.textContent).toBe('');
  });
});
