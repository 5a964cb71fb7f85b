import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProjectDto } from '@zunft/contracts';
import { renderWithProviders } from '../../../test/render';
import { mockFetch, type Answer, type FetchCall } from '../../time-tracking/components/testData';
import { ProjectSelect, type ProjectChoice } from './ProjectSelect';
import { answerProjects, testProject } from './projectsTestServer';

const projects: ProjectDto[] = Array.from({ length: 30 }, (_, i) =>
  testProject({
    id: `p${i + 1}`,
    title: i === 29 ? 'Leitungsbau Tunnel' : `Projekt ${String(i + 1).padStart(2, '0')}`,
    project_number: `P-2026-${String(i + 1).padStart(3, '0')}`,
  }),
);

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

/** `fetch` answering like the server; `offline()` makes every later call fail like a lost connection. */
function serve() {
  let cut = false;
  const mock = mockFetch((method, url): Answer | undefined =>
    cut ? 'network' : answerProjects(projects, method, url),
  );
  restore = mock.restore;
  return { calls: mock.calls, offline: () => (cut = true) };
}

const listCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/projects?')).map((c) => c.url);
const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

function open() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Projekt' }));
}

function type(text: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Projekt' }), { target: { value: text } });
}

describe('ProjectSelect', () => {
  it('offers the first 20 matches of a server search, never the whole list', async () => {
    const { calls } = serve();
    renderWithProviders(<ProjectSelect aria-label="Projekt" />);
    open();
    // (antd's virtual list renders only the first options in jsdom.)
    await waitFor(() => expect(optionTexts()[0]).toBe('Projekt 01 · P-2026-001'));
    expect(listCalls(calls)).toEqual(['/api/projects?page=1&pageSize=20']);
    type('tunnel');
    await waitFor(() => expect(optionTexts()).toEqual(['Leitungsbau Tunnel · P-2026-030']));
    expect(listCalls(calls).at(-1)).toBe('/api/projects?search=tunnel&page=1&pageSize=20');
    expect(calls.some((c) => c.url === '/api/projects')).toBe(false);
  });

  it('keeps the picked project labelled when a later search does not find it', async () => {
    serve();
    const onChange = jest.fn<(id: string | null, project: ProjectChoice | null) => void>();
    const { rerender } = renderWithProviders(<ProjectSelect aria-label="Projekt" onChange={onChange} />);
    open();
    type('tunnel');
    fireEvent.click(await screen.findByTitle('Leitungsbau Tunnel · P-2026-030'));
    expect(onChange).toHaveBeenCalledWith('p30', expect.objectContaining({ id: 'p30', title: 'Leitungsbau Tunnel' }));
    rerender(<ProjectSelect aria-label="Projekt" onChange={onChange} value="p30" />);
    open();
    type('Projekt 0');
    await waitFor(() => expect(optionTexts()).toContain('Projekt 01 · P-2026-001'));
    expect(screen.getAllByTitle('Leitungsbau Tunnel · P-2026-030').length).toBeGreaterThan(0);
  });

  it('a value from elsewhere is labelled from `known`, else read once by id', async () => {
    const { calls } = serve();
    const { unmount } = renderWithProviders(
      <ProjectSelect
        aria-label="Projekt"
        value="p30"
        known={[{ id: 'p30', title: 'Leitungsbau Tunnel', project_number: 'P-2026-030' }]}
      />,
    );
    expect(await screen.findByTitle('Leitungsbau Tunnel · P-2026-030')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/projects/p30')).toBe(false);
    unmount();

    renderWithProviders(<ProjectSelect aria-label="Projekt" value="p30" />);
    expect(await screen.findByTitle('Leitungsbau Tunnel · P-2026-030')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/projects/p30')).toHaveLength(1);
  });

  it('without reception it searches the projects already loaded (the offline time tracking)', async () => {
    const server = serve();
    renderWithProviders(<ProjectSelect aria-label="Projekt" />);
    open();
    await waitFor(() => expect(optionTexts()[0]).toBe('Projekt 01 · P-2026-001'));
    server.offline();
    type('projekt 1');
    await waitFor(() =>
      expect(optionTexts()).toEqual([
        'Projekt 10 · P-2026-010',
        'Projekt 11 · P-2026-011',
        'Projekt 12 · P-2026-012',
        'Projekt 13 · P-2026-013',
        'Projekt 14 · P-2026-014',
        'Projekt 15 · P-2026-015',
        'Projekt 16 · P-2026-016',
        'Projekt 17 · P-2026-017',
        'Projekt 18 · P-2026-018',
        'Projekt 19 · P-2026-019',
      ]),
    );
    // The server was asked (and failed): the offline search is the fallback, not the rule.
    expect(listCalls(server.calls).at(-1)).toBe('/api/projects?search=projekt+1&page=1&pageSize=20');
    fireEvent.click(screen.getByTitle('Projekt 12 · P-2026-012'));
    await waitFor(() => expect(screen.getAllByTitle('Projekt 12 · P-2026-012').length).toBeGreaterThan(0));
  });

  it('open projects only: the planned and in-progress pages, newest first', async () => {
    const mixed = [
      testProject({ id: 'a', title: 'Alt', status: 'in_progress', created_at: '2026-01-01T00:00:00.000Z' }),
      testProject({ id: 'b', title: 'Neu', status: 'planned', created_at: '2026-02-01T00:00:00.000Z' }),
      testProject({ id: 'c', title: 'Fertig', status: 'completed', created_at: '2026-03-01T00:00:00.000Z' }),
    ];
    const mock = mockFetch((method, url) => answerProjects(mixed, method, url));
    restore = mock.restore;
    renderWithProviders(<ProjectSelect aria-label="Projekt" openOnly />);
    open();
    await waitFor(() => expect(optionTexts()).toEqual(['Neu · P-2026-0001', 'Alt · P-2026-0001']));
    expect(listCalls(mock.calls).sort()).toEqual([
      '/api/projects?status=in_progress&page=1&pageSize=20',
      '/api/projects?status=planned&page=1&pageSize=20',
    ]);
  });
});
