import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import type { ProjectDto, Role } from '@zunft/contracts';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { projectsKeys } from '../api/useProjects';
import { ProjectsScreen } from './ProjectsScreen';

const project: ProjectDto = {
  id: 'a0c1e2f3-0000-4000-8000-000000000001',
  customer_id: 'c1',
  customer_name: 'Muster AG',
  customer_city: 'Bern',
  title: 'Badsanierung Meier',
  project_number: 'P-2026-0001',
  description: null,
  start_date: '2026-03-01',
  end_date: null,
  budget: 12000,
  status: 'in_progress',
  assigned_users: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderAs(role: Role, projects: ProjectDto[]) {
  const client = testQueryClient();
  client.setQueryData(projectsKeys.list(), projects);
  const Session = signedInAs(role);
  return renderWithProviders(
    <Session>
      <ProjectsScreen />
    </Session>,
    { route: '/projects', client },
  );
}

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
    expect(card('Projekte total').textContent).toContain('5');
    expect(card('In Bearbeitung').textContent).toContain('2');
    expect(card('Abgeschlossen').textContent).toContain('1');
    expect(card('Geplant').textContent).toContain('2');
    for (const name of ['Projekte total', 'In Bearbeitung', 'Abgeschlossen', 'Geplant'])
      expect(card(name).parentElement?.className).toMatch(/ant-col-xs-12 .*ant-col-lg-6/);
  });
});
