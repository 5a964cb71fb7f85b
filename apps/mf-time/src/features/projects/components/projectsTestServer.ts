import type { ProjectDto, ProjectListPage, ProjectStatsResponse } from '@zunft/contracts';
import { filterProjects } from './projectHelpers';

type Answer = { status: number; body?: unknown };

/**
 * Answers the project calls of the web app like the server does (tests only): GET /projects with
 * search, status, page and pageSize (newest first as given), GET /projects/stats and GET
 * /projects/:id (404 for an unknown id). Anything else: undefined, for the caller's own routes.
 */
export function answerProjects(projects: readonly ProjectDto[], method: string, url: string): Answer | undefined {
  if (method !== 'GET') return undefined;
  const [path = '', query = ''] = url.split('?');
  if (path === '/api/projects/stats') {
    const count = (status: ProjectDto['status']) => projects.filter((p) => p.status === status).length;
    const body: ProjectStatsResponse = {
      total: projects.length,
      planned: count('planned'),
      in_progress: count('in_progress'),
      completed: count('completed'),
      cancelled: count('cancelled'),
    };
    return { status: 200, body };
  }
  if (path === '/api/projects' && query) {
    const params = new URLSearchParams(query);
    const status = params.get('status');
    const page = Number(params.get('page') ?? 1);
    const pageSize = Number(params.get('pageSize') ?? 50);
    const matches = filterProjects(projects, params.get('search') ?? '').filter((p) => !status || p.status === status);
    const body: ProjectListPage = {
      items: matches.slice((page - 1) * pageSize, page * pageSize),
      total: matches.length,
      page,
      pageSize,
      nextCursor: null,
    };
    return { status: 200, body };
  }
  const one = /^\/api\/projects\/([^/]+)$/.exec(path);
  if (one) {
    const project = projects.find((p) => p.id === decodeURIComponent(one[1] ?? ''));
    return project ? { status: 200, body: project } : { status: 404, body: { error: 'Projekt nicht gefunden' } };
  }
  return undefined;
}

/** A project of the tests, changed by `overrides`. */
export function testProject(overrides: Partial<ProjectDto> = {}): ProjectDto {
  return {
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
    ...overrides,
  };
}
