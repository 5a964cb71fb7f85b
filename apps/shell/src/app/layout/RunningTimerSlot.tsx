import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { FieldTimeOutlined } from '@ant-design/icons';
import { formatDurationHM, loadActiveTimeEntry, loadPause } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { ACTIVE_ENTRY_QUERY_KEY, TIMER_POLL_INTERVAL_MS, elapsedMinutes, inPollWindow } from './running-timer';

/**
 * Running-timer indicator of the top bar (part 1 §2): elapsed time as h:mm, linking to time
 * tracking. Loads the active entry on mount and re-fetches it every second during alternating
 * 30-second windows (§9). A failed first load means "no timer" (§4); a later failed check keeps
 * the entry last seen, so a bad connection does not hide a running timer.
 */
export function RunningTimerSlot() {
  const { t } = useShellT();
  const client = useQueryClient();
  const mountedAt = useRef(Date.now());
  const [now, setNow] = useState(() => Date.now());
  const query = useQuery({
    queryKey: ACTIVE_ENTRY_QUERY_KEY,
    queryFn: ({ signal }) => loadActiveTimeEntry(client, signal, 'shell'),
    staleTime: 0,
  });
  const { refetch } = query;

  useEffect(() => {
    const id = setInterval(() => {
      const current = Date.now();
      setNow(current);
      // A slow answer (up to the 10 s timeout) is awaited, not cancelled by the next tick's poll.
      if (inPollWindow(current - mountedAt.current)) void refetch({ cancelRefetch: false });
    }, TIMER_POLL_INTERVAL_MS);
    return () => clearInterval(id);
  }, [refetch]);

  const entry = query.data;
  if (!entry || entry.end_time) return null;
  const label = formatDurationHM(elapsedMinutes(entry.start_time, now, loadPause(entry.id)));

  return (
    <Tooltip title={t('layout.timerRunning', { project: entry.project_title })}>
      <Link
        to="/time-tracking"
        className="topbar__timer"
        aria-label={t('layout.timerRunningAria', { project: entry.project_title, time: label })}
      >
        <span className="topbar__timer-dot" aria-hidden />
        <FieldTimeOutlined aria-hidden />
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>{label}</span>
      </Link>
    </Tooltip>
  );
}
