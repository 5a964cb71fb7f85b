import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import type { NotificationDto, NotificationListResponse } from '@zunft/contracts';
import { api, formatDate } from '@zunft/web-common';
import { zunftColors } from '@zunft/ui-kit';
import { useShellT } from '../../i18n/shell-i18n';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
/** The bell asks again every minute and when the window gets the focus back. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/**
 * The top bar's bell (part 1 §2, issue 24): the count of the user's unread notifications (holiday
 * requests for the office, decisions for the employee) and, on a click, the newest with a link to
 * «Arbeitszeit». Opening it marks them read. Without an answer it shows 0, as before.
 */
export function NotificationBell() {
  const { t } = useShellT();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  // the ones unread when the bell was opened stay marked while it is open
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const query = useQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<NotificationListResponse>('/notifications', { signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  const markRead = useMutation({
    mutationFn: () => api.put<NotificationListResponse>('/notifications/read'),
    onSuccess: (list) => client.setQueryData(NOTIFICATIONS_QUERY_KEY, list),
  });
  const items = query.data?.items ?? [];
  const unread = query.data?.unread ?? 0;

  const text = (n: NotificationDto) => {
    const a = n.absence;
    const half = a.half_day ? ` (${t(`layout.halfDay.${a.half_day}`)})` : '';
    const period =
      a.start_date === a.end_date
        ? `${formatDate(a.start_date)}${half}`
        : `${formatDate(a.start_date)} – ${formatDate(a.end_date)}`;
    return t(`layout.notice.${n.kind}`, { name: a.user_name, period, reason: a.reject_reason ?? '' });
  };

  const content =
    items.length === 0 ? (
      t('layout.noNotifications')
    ) : (
      <div style={{ maxWidth: 320 }}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((n) => (
            <li
              key={n.id}
              style={{
                padding: '6px 0',
                borderBottom: `1px solid ${zunftColors.border}`,
                fontWeight: fresh.has(n.id) || !n.read_at ? 600 : 400,
              }}
            >
              <div>{text(n)}</div>
              <time dateTime={n.created_at} style={{ color: zunftColors.muted, fontSize: 12, fontWeight: 400 }}>
                {formatDate(n.created_at)}
              </time>
            </li>
          ))}
        </ul>
        <Link to="/working-time" onClick={() => setOpen(false)} style={{ display: 'inline-block', marginTop: 8 }}>
          {t('layout.toWorkingTime')}
        </Link>
      </div>
    );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) return;
        setFresh(new Set(items.filter((n) => !n.read_at).map((n) => n.id)));
        if (unread > 0 && !markRead.isPending) markRead.mutate();
      }}
    >
      <Button type="text" size="large" aria-label={`${t('layout.notifications')}: ${unread}`} className="topbar__bell">
        <Badge count={unread} showZero size="small" color={unread > 0 ? zunftColors.swissRed : zunftColors.muted}>
          <BellOutlined style={{ fontSize: 20 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
