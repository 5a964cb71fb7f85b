import type { ProjectDto, TimeEntryDto } from '@zunft/contracts';
import type { ProjectChoice } from '../../projects/components/ProjectSelect';

/** Open projects first (planned / in progress), in the list's order: the quick-start candidates. */
export function startableProjects(projects: readonly ProjectDto[]): ProjectDto[] {
  const open = projects.filter((p) => p.status === 'planned' || p.status === 'in_progress');
  const rest = projects.filter((p) => p.status !== 'planned' && p.status !== 'in_progress');
  return [...open, ...rest];
}

/**
 * Distinct projects of the newest entries (newest first), as the entries name them; a project
 * already loaded (`known`, e.g. the quick-start list) gives its customer too. The server still
 * decides on a start whether the user may book on it (an employee no longer assigned gets an error).
 */
export function recentProjects(
  entries: readonly TimeEntryDto[],
  known: readonly ProjectDto[] = [],
  limit = 5,
): ProjectChoice[] {
  const byId = new Map(known.map((p) => [p.id, p]));
  const seen = new Set<string>();
  const result: ProjectChoice[] = [];
  const newestFirst = [...entries].sort((a, b) => b.start_time.localeCompare(a.start_time));
  for (const entry of newestFirst) {
    if (seen.has(entry.project_id)) continue;
    seen.add(entry.project_id);
    const project = byId.get(entry.project_id);
    result.push(project ?? { id: entry.project_id, title: entry.project_title, project_number: entry.project_number });
    if (result.length >= limit) break;
  }
  return result;
}
