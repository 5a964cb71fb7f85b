import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CalendarOutlined,
  CopyOutlined,
  LeftOutlined,
  PlusOutlined,
  RightOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Spin, Typography } from 'antd';
import { addDays, isMonday, isoWeekNumber, type ScheduleAssignmentDto } from '@zunft/contracts';
import { EmptyState, LoadError, PageHeader, useIsMobile } from '@zunft/ui-kit';
import { serverErrorText, toast, toastFailure, useErrorToast, useSession } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useCopyWeek, useScheduleWeekQuery } from '../api/useScheduling';
import { AssignmentFormModal } from './AssignmentFormModal';
import { DayList } from './DayList';
import { todayIso, weekRange } from './scheduleHelpers';
import { WeekBoard } from './WeekBoard';

type Dialog =
  { open: false } | { open: true; assignment: ScheduleAssignmentDto | null; userId?: string; workDate?: string };

/**
 * Einsatzplanung. The office plans on a week board (employees × Monday…Sunday; a day-by-day list on
 * phones); employees see 'Mein Wochenplan'. The week is in the URL (?week=yyyy-MM-dd, a Monday);
 * without it the server shows the current week of the company.
 */
export function SchedulingScreen() {
  const t = useTimeT();
  const { isBackoffice, status } = useSession();
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const param = params.get('week');
  const weekParam = param && isMonday(param) ? param : null;

  const query = useScheduleWeekQuery(weekParam);
  const office = isBackoffice && status !== 'loading';
  const copy = useCopyWeek();
  useErrorToast(query, t('scheduling.toast.loadError'));

  const data = query.data;
  // While another week loads the previous one stays visible, but the label already moves on.
  const weekStart = weekParam ?? (query.isPlaceholderData ? null : (data?.weekStart ?? null));
  const today = todayIso();
  const [dialog, setDialog] = useState<Dialog>({ open: false });

  const goTo = (next: string | null) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next) p.set('week', next);
        else p.delete('week');
        return p;
      },
      { replace: false },
    );

  const conflictsOf = useMemo(() => {
    const byId = new Map((data?.assignments ?? []).map((a) => [a.id, a]));
    return (a: ScheduleAssignmentDto | null) =>
      a ? a.conflict_with.map((id) => byId.get(id)).filter((x): x is ScheduleAssignmentDto => !!x) : [];
  }, [data]);

  const openCreate = (userId?: string, workDate?: string) => {
    const days = data?.days ?? [];
    const fallbackDate = days.includes(today) ? today : days[0];
    setDialog({ open: true, assignment: null, userId, workDate: workDate ?? fallbackDate });
  };
  const openEdit = (assignment: ScheduleAssignmentDto) => setDialog({ open: true, assignment });

  const onCopy = async () => {
    if (!weekStart) return;
    try {
      const result = await copy.mutateAsync({ fromWeekStart: addDays(weekStart, -7), toWeekStart: weekStart });
      toast.success(t('scheduling.toast.copied', { created: result.created, skipped: result.skipped }));
      if (result.conflicts > 0) toast.warning(t('scheduling.toast.conflict'));
    } catch (error) {
      toastFailure(error, t('scheduling.toast.copyError'));
    }
  };

  const nav = (
    <Flex gap={8} align="center" wrap="wrap" style={{ marginBottom: 16 }} data-testid="week-nav">
      <Button
        icon={<LeftOutlined />}
        aria-label={t('scheduling.prevWeek')}
        disabled={!weekStart}
        onClick={() => weekStart && goTo(addDays(weekStart, -7))}
      >
        {isMobile ? null : t('scheduling.prevWeek')}
      </Button>
      <Button aria-label={t('scheduling.thisWeek')} onClick={() => goTo(null)} disabled={!weekParam}>
        {t('scheduling.thisWeek')}
      </Button>
      <Button
        aria-label={t('scheduling.nextWeek')}
        disabled={!weekStart}
        onClick={() => weekStart && goTo(addDays(weekStart, 7))}
        icon={<RightOutlined />}
        iconPlacement="end"
      >
        {isMobile ? null : t('scheduling.nextWeek')}
      </Button>
      <Typography.Text strong style={{ fontSize: 16, marginLeft: 4 }} data-testid="week-label">
        {weekStart ? t('scheduling.weekLabel', { week: isoWeekNumber(weekStart), range: weekRange(weekStart) }) : ''}
      </Typography.Text>
      {query.isFetching && data ? <Spin size="small" /> : null}
    </Flex>
  );

  let content;
  if (query.isPending || status === 'loading') {
    content = (
      <Flex justify="center" style={{ padding: 40 }}>
        <Spin size="large" />
      </Flex>
    );
  } else if (query.isError || !data) {
    content = (
      <LoadError
        title={t('scheduling.toast.loadError')}
        detail={serverErrorText(query.error) ?? t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!office) {
    content = (
      <Card title={t('scheduling.myWeek')}>
        {data.assignments.length === 0 ? (
          <EmptyState
            icon={<CalendarOutlined />}
            title={t('scheduling.empty')}
            description={t('scheduling.emptyHint')}
          />
        ) : (
          <DayList days={data.days} assignments={data.assignments} today={today} />
        )}
      </Card>
    );
  } else if (data.employees.length === 0) {
    content = (
      <Card>
        <EmptyState icon={<TeamOutlined />} title={t('scheduling.noEmployees')} />
      </Card>
    );
  } else if (isMobile) {
    content = (
      <DayList
        days={data.days}
        assignments={data.assignments}
        employees={data.employees}
        today={today}
        onCreateOn={(day) => openCreate(undefined, day)}
        onOpen={openEdit}
      />
    );
  } else {
    content = (
      <Card styles={{ body: { padding: 12 } }}>
        <WeekBoard
          days={data.days}
          employees={data.employees}
          assignments={data.assignments}
          today={today}
          onCreate={(userId, day) => openCreate(userId, day)}
          onOpen={openEdit}
        />
      </Card>
    );
  }

  return (
    <>
      <PageHeader
        title={t('scheduling.title')}
        subtitle={t('scheduling.subtitle')}
        icon={<CalendarOutlined />}
        extra={
          office ? (
            <>
              <Popconfirm
                title={t('scheduling.copyConfirm')}
                okText={t('scheduling.copyWeek')}
                cancelText={t('common.cancel')}
                onConfirm={() => onCopy()}
                disabled={!weekStart}
              >
                <Button
                  size="large"
                  aria-label={t('scheduling.copyWeek')}
                  icon={<CopyOutlined />}
                  loading={copy.isPending}
                  disabled={!weekStart}
                >
                  {t('scheduling.copyWeek')}
                </Button>
              </Popconfirm>
              <Button
                type="primary"
                size="large"
                aria-label={t('scheduling.newAssignment')}
                icon={<PlusOutlined />}
                disabled={!data}
                onClick={() => openCreate()}
              >
                {t('scheduling.newAssignment')}
              </Button>
            </>
          ) : null
        }
      />
      {nav}
      {content}
      {office ? (
        <AssignmentFormModal
          open={dialog.open}
          assignment={dialog.open ? dialog.assignment : null}
          initial={dialog.open ? { userId: dialog.userId, workDate: dialog.workDate } : {}}
          employees={data?.employees ?? []}
          conflicts={conflictsOf(dialog.open ? dialog.assignment : null)}
          onClose={() => setDialog({ open: false })}
        />
      ) : null}
    </>
  );
}
