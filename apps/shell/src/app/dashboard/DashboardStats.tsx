import { useEffect } from 'react';
import { Badge, Card, Descriptions, Empty, Skeleton, Typography } from 'antd';
import {
  ClockCircleOutlined,
  ContactsOutlined,
  FieldTimeOutlined,
  InfoCircleOutlined,
  ProjectOutlined,
  RiseOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ActivityType, DashboardStatsResponse, UserStatsResponse } from '@zunft/contracts';
import { StatCardGrid, zunftColors } from '@zunft/ui-kit';
import { formatDateTime, formatHours, formatNumber } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { activePercent } from './useDashboard';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

function useLogFailure(query: QueryLike<unknown>, what: string) {
  const { isError, error } = query;
  useEffect(() => {
    // Part 1 §7: a failed dashboard load is only logged.
    if (isError) console.warn(`[dashboard] ${what} konnte nicht geladen werden`, error);
  }, [isError, error, what]);
}

/** The four stat cards (part 1 §2 Dashboard). */
export function StatCards({ query }: { query: QueryLike<DashboardStatsResponse> }) {
  const { t } = useShellT();
  useLogFailure(query, 'Statistik');
  const s = query.data;
  const loading = query.isPending;
  const dash = '–';
  return (
    <StatCardGrid
      loading={loading}
      cards={[
        {
          title: t('dashboard.stats.projects'),
          value: s ? formatNumber(s.projects.total_projects, 0) : dash,
          hint: (
            <span style={{ color: zunftColors.success }}>
              <RiseOutlined /> {t('dashboard.stats.projectsTrend')}
            </span>
          ),
          icon: <ProjectOutlined />,
        },
        {
          title: t('dashboard.stats.activeProjects'),
          value: s ? formatNumber(s.projects.active_projects, 0) : dash,
          hint: s
            ? t('dashboard.stats.activePercent', {
                percent: activePercent(s.projects.total_projects, s.projects.active_projects),
              })
            : undefined,
          icon: <ClockCircleOutlined />,
          color: '#d48806',
        },
        {
          title: t('dashboard.stats.hours'),
          value: s ? formatHours(s.timeTracking.total_hours) : dash,
          hint: s ? t('dashboard.stats.entries', { count: s.timeTracking.total_entries }) : undefined,
          icon: <FieldTimeOutlined />,
          color: '#389e0d',
        },
        {
          title: t('dashboard.stats.customers'),
          value: s ? formatNumber(s.customers.total_customers, 0) : dash,
          hint: s ? t('dashboard.stats.newCustomers', { count: s.customers.new_this_month }) : undefined,
          icon: <ContactsOutlined />,
          color: '#722ed1',
        },
      ]}
    />
  );
}

const ACTIVITY_ICONS: Record<ActivityType, { icon: React.ReactNode; color: string }> = {
  project_created: { icon: <ProjectOutlined />, color: '#1f5fae' },
  time_logged: { icon: <FieldTimeOutlined />, color: '#389e0d' },
  customer_added: { icon: <TeamOutlined />, color: '#722ed1' },
  other: { icon: <InfoCircleOutlined />, color: '#8a96a6' },
};

/** Recent activity with the 'Live' badge; empty state 'Keine Aktivitäten'. */
export function ActivityCard({ query }: { query: QueryLike<DashboardStatsResponse> }) {
  const { t } = useShellT();
  const items = query.data?.recentActivity ?? [];
  return (
    <Card
      title={t('dashboard.activity')}
      extra={<Badge status="processing" color="#52c41a" text={t('dashboard.live')} />}
      style={{ height: '100%' }}
    >
      {query.isPending ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noActivity')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((a) => {
            const look = ACTIVITY_ICONS[a.type] ?? ACTIVITY_ICONS.other;
            return (
              <li key={a.id} style={{ display: 'flex', gap: 12, padding: '10px 0', borderBottom: '1px solid #f0f2f5' }}>
                <span
                  aria-hidden
                  style={{
                    display: 'grid',
                    placeItems: 'center',
                    flex: 'none',
                    width: 36,
                    height: 36,
                    borderRadius: 10,
                    background: `${look.color}14`,
                    color: look.color,
                    fontSize: 16,
                  }}
                >
                  {look.icon}
                </span>
                <span style={{ minWidth: 0 }}>
                  <Typography.Text style={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {a.description}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {a.user_name} · {formatDateTime(a.created_at)}
                  </Typography.Text>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** 'Meine Statistiken' for employees: assigned projects, hours this month, time entries. */
export function MyStatsCard({ query }: { query: QueryLike<UserStatsResponse> }) {
  const { t } = useShellT();
  useLogFailure(query, 'Persönliche Statistik');
  const s = query.data;
  return (
    <Card title={t('dashboard.myStats')} style={{ marginBottom: 16 }}>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Descriptions column={1} size="small" colon={false}>
          <Descriptions.Item label={t('dashboard.myStatsProjects')}>
            <strong>{s ? formatNumber(s.projectsCount, 0) : '–'}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('dashboard.myStatsHours')}>
            <strong>{s ? formatHours(s.totalHours) : '–'}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('dashboard.myStatsEntries')}>
            <strong>{s ? formatNumber(s.timeEntriesCount, 0) : '–'}</strong>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
