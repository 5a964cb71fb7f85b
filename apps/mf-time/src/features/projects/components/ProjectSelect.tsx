import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import type { ProjectDto, ProjectListPage } from '@zunft/contracts';
import { projectsKeys, useOpenProjectSearch, useProjectQuery, useProjectSearch } from '../api/useProjects';
import { filterProjects } from './projectHelpers';

/** What a select needs to show a project (a time entry or a schedule assignment carries these too). */
export type ProjectChoice = Pick<ProjectDto, 'id' | 'title' | 'project_number'> &
  Partial<Pick<ProjectDto, 'customer_name' | 'customer_city' | 'status'>>;

/** "Title · Number", the default label. */
export const projectChoiceLabel = (p: ProjectChoice) => `${p.title} · ${p.project_number}`;

const isOpen = (p: Pick<ProjectDto, 'status'>) => p.status === 'planned' || p.status === 'in_progress';

interface Props {
  /** Set by Form.Item. */
  id?: string;
  value?: string | null;
  /** The chosen project's id and what is known about it (null when cleared). */
  onChange?: (id: string | null, project: ProjectChoice | null) => void;
  /** Only planned and in-progress projects (scheduling); the current value stays shown. */
  openOnly?: boolean;
  /** How an option reads (default "Title · Number"). */
  label?: (p: ProjectChoice) => string;
  /** Projects known from elsewhere (an entry's project, `?project=`): their labels stay without a search. */
  known?: readonly (ProjectChoice | null | undefined)[];
  /** The order of the matches (time tracking: open projects first). */
  order?: (projects: ProjectDto[]) => ProjectDto[];
  placeholder?: string;
  'aria-label'?: string;
  notFoundContent?: ReactNode;
  allowClear?: boolean;
  size?: 'large' | 'middle' | 'small';
  style?: CSSProperties;
}

/**
 * A project select that never loads the whole list (issue 13): the server searches (title, project
 * number, customer name) and the select offers the first 20 matches. The current value keeps its
 * label when a search does not find it (picked here, passed in `known`, else read by id).
 * Without reception (the request fails or waits for the network) it searches what this page has
 * already loaded, locally: the first page of the employee's projects comes from the service
 * worker's cache (GET /api/projects answers, per user), so an employee's select works offline.
 */
export function ProjectSelect({
  id,
  value = null,
  onChange,
  openOnly = false,
  label = projectChoiceLabel,
  known = [],
  order,
  placeholder,
  'aria-label': ariaLabel,
  notFoundContent,
  allowClear,
  size,
  style,
}: Props) {
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<ProjectChoice | null>(null);
  const any = useProjectSearch(search, !openOnly);
  const open = useOpenProjectSearch(search, openOnly);
  const result = openOnly
    ? open
    : {
        items: any.data?.items ?? [],
        isError: any.isError,
        isPaused: any.isPaused,
        isFetching: any.isFetching,
      };
  const offline = result.isError || result.isPaused;

  const matches = useMemo(() => {
    if (!offline) return result.items;
    // Every project page this page has loaded (any search, any status), searched here.
    const seen = new Map<string, ProjectDto>();
    for (const [, page] of client.getQueriesData<ProjectListPage>({ queryKey: [...projectsKeys.all, 'page'] }))
      for (const p of page?.items ?? []) if (!seen.has(p.id)) seen.set(p.id, p);
    const cached = [...seen.values()].filter((p) => !openOnly || isOpen(p));
    return filterProjects(cached, search).slice(0, 20);
  }, [offline, result.items, client, openOnly, search]);

  const sorted = order ? order(matches) : matches;
  const options = sorted.map((p) => ({ value: p.id, label: label(p) }));
  const others = [picked, ...known].filter((p): p is ProjectChoice => !!p);
  const current = value ? (others.find((p) => p.id === value) ?? null) : null;
  const inOptions = !!value && options.some((o) => o.value === value);
  // Neither among the matches nor known: read once by id (a link's `?project=`, an old value).
  const byId = useProjectQuery(value, !!value && !inOptions && !current);
  if (value && !inOptions) {
    const shown = current ?? byId.data ?? null;
    options.push({ value, label: shown ? label(shown) : '…' });
  }

  const choose = (next: string | undefined | null) => {
    setSearch('');
    const project =
      (next &&
        (matches.find((p) => p.id === next) ??
          others.find((p) => p.id === next) ??
          (byId.data?.id === next ? byId.data : null))) ||
      null;
    setPicked(project);
    onChange?.(next ?? null, project);
  };

  return (
    <Select<string | null>
      id={id}
      value={value}
      onChange={choose}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={result.isFetching}
      placeholder={placeholder}
      aria-label={ariaLabel}
      notFoundContent={notFoundContent}
      allowClear={allowClear}
      size={size}
      style={style}
      options={options}
    />
  );
}
