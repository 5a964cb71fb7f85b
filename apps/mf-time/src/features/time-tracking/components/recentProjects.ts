import type { ProjectDto, TimeEntryDto } from '@zunft/contracts';

/** Open projects first (planned / in progress), in the list's order: the quick-start candidates. */
export function startableProjects(projects: readonly ProjectDto[]): ProjectDto[] {
  const open = projects.filter((p) => p.status === 'planned' || p.status === 'in_progress');
  const rest = projects.filter((p) => p.status !== 'planned' && p.status !== 'in_progress');
  return [...open, ...rest];
}

/** Distinct projects of the newest entries (newest first) that the user can still see. */
export function recentProjects(
  entries: readonly TimeEntryDto[],
  projects: readonly ProjectDto[],
  limit = 5,
): ProjectDto[] {
  const byId = new Map(projects.map((p) => [p.id, p]));
  const seen = new Set<string>();
  const result: ProjectDto[] = [];
  const newestFirst = [...entries].sort((a, b) => b.start_time.localeCompare(a.start_time));
  for (const entry of newestFirst) {
    const project = byId.get(entry.project_id);
    if (!project || seen.has(project.id)) continue;
    seen.add(project.id);
    result.push(project);
    if (result.length >= limit) break;
  }
  return result;
}
