import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FieldTimeOutlined, HourglassOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import { OPERATIONS_LIMITS, type ProjectDto, type TimeEntryDto } from '@zunft/contracts';
import { LinkButton, PageHeader } from '@zunft/ui-kit';
import { useErrorToast, useSession } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useCompanyUsersQuery, useOpenProjectSearch, useProjectSearch } from '../../projects/api/useProjects';
import type { ProjectChoice } from '../../projects/components/ProjectSelect';
import type { TimeEntryFilter } from '../api/timeEntries.api';
import { useActiveEntryQuery, useTimeEntriesQuery } from '../api/useTimeEntries';
import { offlineTimerAsEntry } from '../offline/offlineTimer';
import { useOfflineTime } from '../offline/offlineTime';
import { ManualEntryModal } from './ManualEntryModal';
import { OfflineQueueCard } from './OfflineQueueCard';
import { recentProjects, startableProjects } from './recentProjects';
import { RunningTimerBanner } from './RunningTimerBanner';
import { StartTimerCard } from './StartTimerCard';
import { TimeEntryList } from './TimeEntryList';
import { TimerTiles } from './TimerTiles';
import { useTimerActions } from './useTimerActions';

/** Time tracking (part 1 §2), phone first: one tap to start, one to stop. */
export function TimeTrackingScreen() {
  const t = useTimeT();
  const { user, isBackoffice } = useSession();
  const [params] = useSearchParams();
  const projectParam = params.get('project');

  // Never the whole list (issue 13): the first page of open projects and the first page of all
  // (the same answers the project select starts from; the service worker keeps them for offline).
  const openProjects = useOpenProjectSearch('');
  const firstPage = useProjectSearch('');
  useErrorToast(firstPage, t('projects.toast.loadError'));
  const activeQuery = useActiveEntryQuery();
  const users = useCompanyUsersQuery(isBackoffice);
  const offline = useOfflineTime();
  const [manual, setManual] = useState<{ open: boolean; entry: TimeEntryDto | null }>({ open: false, entry: null });
  const [filter, setFilter] = useState<TimeEntryFilter>(() => ({
    projectId: projectParam,
    userId: null,
    page: 1,
    pageSize: OPERATIONS_LIMITS.defaultPageSize,
  }));
  // A link to /time-tracking?project=… while already here filters the list to that project.
  useEffect(() => {
    if (projectParam) setFilter((f) => (f.projectId === projectParam ? f : { ...f, projectId: projectParam, page: 1 }));
  }, [projectParam]);
  // The user's own newest entries for 'Letzte Projekte' (employees only ever get their own).
  const own = useTimeEntriesQuery({
    projectId: null,
    userId: isBackoffice ? (user?.id ?? null) : null,
    page: 1,
    pageSize: 30,
  });

  const loaded = useMemo(() => {
    const byId = new Map<string, ProjectDto>();
    for (const p of [...openProjects.items, ...(firstPage.data?.items ?? [])]) if (!byId.has(p.id)) byId.set(p.id, p);
    return [...byId.values()];
  }, [openProjects.items, firstPage.data]);
  const timer = useTimerActions(user?.id ?? null);
  const quickStart = useMemo(() => startableProjects(loaded).slice(0, OPERATIONS_LIMITS.quickStartProjects), [loaded]);
  const recent = useMemo(() => recentProjects(own.data?.items ?? [], loaded), [own.data, loaded]);
  // A timer started without reception runs on this phone until it is stopped and synced.
  const offlineTimer = offline.timer;
  const active = activeQuery.data ?? (offlineTimer ? offlineTimerAsEntry(offlineTimer) : null);

  const startFromTile = (project: ProjectChoice, source: 'quick' | 'recent') =>
    timer.start(
      project,
      null,
      source === 'quick' ? t('timeTracking.toast.quickStartError') : t('timeTracking.toast.startError'),
    );

  return (
    <>
      <PageHeader
        title={t('timeTracking.title')}
        subtitle={t('timeTracking.subtitle')}
        icon={<FieldTimeOutlined />}
        extra={
          <LinkButton to="/working-time" icon={<HourglassOutlined />}>
            {t('workingTime.openFromTracking')}
          </LinkButton>
        }
      />
      <Row gutter={[16, 0]}>
        <Col xs={24} lg={active ? 24 : 12}>
          {active ? (
            <RunningTimerBanner
              entry={active}
              stopping={timer.stopping}
              onStop={(minutes) => timer.stop(active, minutes)}
              offline={offlineTimer?.id === active.id}
            />
          ) : (
            <StartTimerCard
              initialProjectId={projectParam}
              starting={timer.starting}
              locating={timer.locating}
              onStart={(project, description) => timer.start(project, description)}
            />
          )}
        </Col>
        <Col xs={24} lg={active ? 24 : 12}>
          <TimerTiles
            quickStart={quickStart}
            recent={recent}
            canStart={!active}
            onStart={startFromTile}
            onManual={() => setManual({ open: true, entry: null })}
          />
        </Col>
      </Row>
      <OfflineQueueCard queue={offline.queue} offline={offline.instance} />
      <TimeEntryList
        filter={filter}
        onFilter={setFilter}
        users={isBackoffice ? (users.data ?? []) : null}
        canApprove={isBackoffice}
        onEdit={(entry) => setManual({ open: true, entry })}
      />
      <ManualEntryModal
        open={manual.open}
        entry={manual.entry}
        initialProjectId={projectParam}
        userId={user?.id ?? null}
        onClose={() => setManual((m) => ({ ...m, open: false }))}
      />
    </>
  );
}
