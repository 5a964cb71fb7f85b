import type { CreateProjectRequest, ProjectDto, ProjectStatus } from '@zunft/contracts';
import { formatDate } from '@zunft/web-common';

/** Status colours of part 1 §4: planned purple, in progress yellow, completed green, cancelled red. */
export const STATUS_COLORS: Record<ProjectStatus, string> = {
  planned: 'purple',
  in_progress: 'gold',
  completed: 'green',
  cancelled: 'red',
};

/** Title, project number, customer name or city contain the search (the select's offline search). */
export function filterProjects(projects: readonly ProjectDto[], search: string): ProjectDto[] {
  const needle = search.trim().toLocaleLowerCase('de-CH');
  if (!needle) return [...projects];
  return projects.filter((p) =>
    [p.title, p.project_number, p.customer_name, p.customer_city].some((text) =>
      text?.toLocaleLowerCase('de-CH').includes(needle),
    ),
  );
}

/** "01.03.2026 – 30.04.2026", an open end shows the given word (e.g. 'offen'); no dates: '–'. */
export function formatPeriod(p: Pick<ProjectDto, 'start_date' | 'end_date'>, openWord: string): string {
  if (!p.start_date && !p.end_date) return '–';
  const start = p.start_date ? formatDate(`${p.start_date}T00:00:00`) : '…';
  const end = p.end_date ? formatDate(`${p.end_date}T00:00:00`) : openWord;
  return `${start} – ${end}`;
}

export interface ProjectFormValues {
  customerId?: string;
  title?: string;
  projectNumber?: string | null;
  description?: string | null;
  /** yyyy-MM-dd or empty */
  startDate?: string | null;
  endDate?: string | null;
  budget?: number | string | null;
  status?: ProjectStatus;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Form values -> POST/PUT payload (part 1 §5): empty dates, number and budget are omitted.
 * On edit (`clearEmpty`) an emptied field is sent as null so the server really clears it.
 */
export function toProjectRequest(values: ProjectFormValues, clearEmpty = false): CreateProjectRequest {
  const body: CreateProjectRequest = {
    customerId: values.customerId ?? '',
    title: (values.title ?? '').trim(),
  };
  if (values.status) body.status = values.status;
  const description = typeof values.description === 'string' ? values.description.trim() : '';
  if (description) body.description = description;
  else if (clearEmpty) body.description = null;
  for (const key of ['projectNumber', 'startDate', 'endDate'] as const) {
    const value = values[key];
    if (!blank(value)) body[key] = String(value).trim();
    else if (clearEmpty) body[key] = null;
  }
  if (!blank(values.budget)) body.budget = Number(values.budget);
  else if (clearEmpty) body.budget = null;
  return body;
}

export function toProjectFormValues(p: ProjectDto): ProjectFormValues {
  return {
    customerId: p.customer_id,
    title: p.title,
    projectNumber: p.project_number,
    description: p.description,
    startDate: p.start_date,
    endDate: p.end_date,
    budget: p.budget,
    status: p.status,
  };
}
