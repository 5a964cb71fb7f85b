import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDto, Role } from '@zunft/contracts';
import { renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { mockFetch, type FetchCall } from '../../expenses/components/testData';
import { ProjectsScreen } from './ProjectsScreen';
import { answerProjects, testProject } from './projectsTestServer';

const project: ProjectDto = testProject();

/** The list calls the screen made, as their query parameters. */
const listCalls = (calls: FetchCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/projects?'))
    .map((c) => Object.fromEntries(new URLSearchParams(c.url.split('?')[1])));

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

/** Renders the screen with `fetch` answering the project calls like the server (search, status, pages). */
function renderAs(role: Role, projects: ProjectDto[]): FetchCall[] {
  const mock = mockFetch((method, url) => answerProjects(projects, method, url));
  restore = mock.restore;
  const Session = signedInAs(role);
  renderWithProviders(
    <Session>
      <ProjectsScreen />
    </Session>,
    { route: '/projects' },
  );
  return mock.calls;
}

const many = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    testProject({
      id: `p${i + 1}`,
      title: `Projekt ${String(i + 1).padStart(3, '0')}`,
      project_number: `P-2026-${String(i + 1).padStart(4, '0')}`,
      status: i % 10 === 0 ? 'completed' : 'in_progress',
    }),
  );

describe('ProjectsScreen by role (part 1 §6)', () => {
  it('backoffice gets create, the list/card toggle and per-row links filtered by project', async () => {
    renderAs('backoffice', [project]);
    expect(await screen.findByRole('button', { name: /Neues Projekt/ }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Karten')).toBeTruthy();
    const row = screen.getByText('Badsanierung Meier').closest('tr') as HTMLElement;
    expect(within(row).getByText('In Bearbeitung')).toBeTruthy();
    expect(within(row).getByText('01.03.2026 – offen')).toBeTruthy();
    const links = within(row)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([`/time-tracking?project=${project.id}`, `/materials?project=${project.id}`]);
  });

  it('employees see no toggle, no create button and no row links', async () => {
    renderAs('employee', [project]);
    await screen.findByText('Badsanierung Meier');
    // Give the session time to settle so a late "backoffice" render would show up.
    await screen.findByText('Projekte total');
    expect(screen.queryByText('Karten')).toBeNull();
    expect(screen.queryByRole('button', { name: /Neues Projekt/ })).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('employees without projects read that none were assigned', async () => {
    renderAs('employee', []);
    expect(await screen.findByText('Ihnen wurden noch keine Projekte zugewiesen.')).toBeTruthy();
  });

  it('shows the four stat cards, two a row on phones and four on large screens', async () => {
    renderAs('backoffice', [
      project,
      { ...project, id: 'p2', status: 'in_progress' },
      { ...project, id: 'p3', status: 'completed' },
      { ...project, id: 'p4', status: 'planned' },
      { ...project, id: 'p5', status: 'planned' },
    ]);
    const card = (name: string) => screen.getByRole('group', { name });
    await screen.findByText('Projekte total');
    await waitFor(() => expect(card('Projekte total').textContent).toContain('5'));
    expect(card('In Bearbeitung').textContent).toContain('2');
    expect(card('Abgeschlossen').textContent).toContain('1');
    expect(card('Geplant').textContent).toContain('2');
    for (const name of ['Projekte total', 'In Bearbeitung', 'Abgeschlossen', 'Geplant'])
      expect(card(name).parentElement?.className).toMatch(/ant-col-xs-12 .*ant-col-lg-6/);
  });
});

describe('ProjectsScreen paging on the server (issue 13)', () => {
  it('asks for one page of 50 and pages on the server; the cards count all projects (GET /projects/stats)', async () => {
    const calls = renderAs('backoffice', many(120));
    expect(await screen.findByText('Projekt 001', {}, { timeout: 5000 })).toBeTruthy();
    expect(listCalls(calls)[0]).toEqual({ page: '1', pageSize: '50' });
    // Never the whole list.
    expect(calls.some((c) => c.url === '/api/projects')).toBe(false);
    expect(screen.queryByText('Projekt 051')).toBeNull();
    expect(screen.getByTestId('projects-total').textContent).toBe('120 Projekte');
    const card = (name: string) => screen.getByRole('group', { name });
    await waitFor(() => expect(card('Projekte total').textContent).toContain('120'));
    expect(card('Abgeschlossen').textContent).toContain('12');
    expect(card('In Bearbeitung').textContent).toContain('108');

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Projekt 051')).toBeTruthy();
    expect(listCalls(calls).at(-1)).toEqual({ page: '2', pageSize: '50' });
  });

  it('searches and filters by status on the server, back on page 1', async () => {
    const calls = renderAs('backoffice', many(120));
    expect(await screen.findByText('Projekt 001', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('Projekt 101')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('Projekte suchen...'), { target: { value: 'Projekt 11' } });
    expect(await screen.findByText('Projekt 110')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('projects-total').textContent).toBe('10 Projekte'));
    expect(listCalls(calls).at(-1)).toEqual({ search: 'Projekt 11', page: '1', pageSize: '50' });

    const status = screen.getByRole('combobox', { name: 'Nach Status filtern' });
    fireEvent.mouseDown(status);
    fireEvent.click(await screen.findByTitle('Abgeschlossen'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({ search: 'Projekt 11', status: 'completed', page: '1', pageSize: '50' }),
    );
    await waitFor(() => expect(screen.getByTestId('projects-total').textContent).toBe('1 Projekt'));
    expect(screen.getByText('Projekt 111')).toBeTruthy();
    expect(screen.queryByText('Projekt 112')).toBeNull();

    fireEvent.change(screen.getByPlaceholderText('Projekte suchen...'), { target: { value: 'Dach' } });
    expect(await screen.findByText('Keine Projekte gefunden.')).toBeTruthy();
  });

  it('a failed stats call shows dashes, never a made-up 0', async () => {
    const mock = mockFetch((method, url) =>
      url === '/api/projects/stats'
        ? { status: 500, body: { error: 'Interner Serverfehler' } }
        : answerProjects([project], method, url),
    );
    restore = mock.restore;
    const Session = signedInAs('backoffice');
    renderWithProviders(
      <Session>
        <ProjectsScreen />
      </Session>,
      { route: '/projects' },
    );
    expect(await screen.findByText('Badsanierung Meier', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Projekte total' }).textContent).toContain('–'));
  });
});
