import { Suspense, lazy, startTransition, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Col, Descriptions, Flex, Row, Tag, Typography } from 'antd';
import {
  ContactsOutlined,
  FieldTimeOutlined,
  PlayCircleOutlined,
  ProjectOutlined,
  ReloadOutlined,
  UserAddOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { PageHeader, LinkButton } from '@zunft/ui-kit';
import { formatDateTime, toast, useSession, useT } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { canOpen } from '../../routing/guard';
import { TrialBanner } from './TrialBanner';
import { ActivityCard, MyStatsCard, StatCards } from './DashboardStats';
import { dashboardKeys, useDashboardStats, useUserStats } from './useDashboard';

interface Action {
  to: string;
  label: string;
  icon: React.ReactNode;
}

function ActionList({ actions }: { actions: Action[] }) {
  return (
    <Flex vertical gap={8}>
      {actions.map((a) => (
        <LinkButton key={a.to} to={a.to} block size="large" icon={a.icon} style={{ justifyContent: 'flex-start' }}>
          {a.label}
        </LinkButton>
      ))}
    </Flex>
  );
}

// Each card subscribes to its query itself: when the numbers arrive, only these cards render
// again, not the whole page (header, quick actions, account) on a phone's slow CPU.
function LiveStatCards() {
  return <StatCards query={useDashboardStats()} />;
}

function LiveActivityCard() {
  return <ActivityCard query={useDashboardStats()} />;
}

function LiveMyStatsCard() {
  return <MyStatsCard query={useUserStats(true)} />;
}

// The charts (issue 28) are a chunk of their own, fetched when their place scrolls near the screen:
// the first screen (and the Lighthouse gate) never waits for them.
const DashboardCharts = lazy(() => import('./charts/DashboardCharts'));

function LazyCharts() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="dashboard-charts" style={{ minHeight: near ? undefined : 1 }}>
      {near ? (
        <Suspense fallback={null}>
          <DashboardCharts />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * False on the first render, true right after it: the parts below the header and the numbers
 * (activity, quick actions, account) are rendered in a transition after the first paint. On a slow
 * phone the first commit stays small, React renders the rest in slices between which the page
 * answers taps, and nothing above moves (they appear below it).
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}

/**
 * Dashboard (part 1 §2): welcome, trial banner, four stat cards, recent activity ('Live'), and on
 * the right quick actions (admin/backoffice) or 'Meine Statistiken' (employees), plus the account.
 */
export function DashboardPage() {
  const { t } = useShellT();
  const { t: tc } = useT('common');
  const session = useSession();
  const navigate = useNavigate();
  const { user, isBackoffice } = session;
  const [refreshing, setRefreshing] = useState(false);
  const client = useQueryClient();
  const restShown = useAfterFirstPaint();
  if (!user) return null;

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        session.refreshProfile(),
        // throwOnError: a failed reload must not be reported as 'Daten aktualisiert'
        client.invalidateQueries({ queryKey: dashboardKeys.stats }, { throwOnError: true }),
        client.invalidateQueries({ queryKey: dashboardKeys.userStats }, { throwOnError: true }),
      ]);
      toast.success(t('dashboard.refreshed'));
    } catch {
      // Part 1 §7: a failed dashboard load is only logged.
      console.warn('[dashboard] Aktualisieren fehlgeschlagen');
      toast.error(t('dashboard.refreshFailed'));
    } finally {
      setRefreshing(false);
    }
  };

  const staffActions: Action[] = [
    { to: '/customers?action=create', label: t('dashboard.newCustomer'), icon: <ContactsOutlined /> },
    { to: '/projects?action=create', label: t('dashboard.newProject'), icon: <ProjectOutlined /> },
    { to: '/users?action=create', label: t('dashboard.addUser'), icon: <UserAddOutlined /> },
  ].filter((a) => canOpen(a.to.split('?')[0] as string, user));
  const employeeActions: Action[] = [
    { to: '/time-tracking', label: t('nav.timeTracking'), icon: <FieldTimeOutlined /> },
    { to: '/projects', label: t('dashboard.myProjects'), icon: <ProjectOutlined /> },
    { to: '/expenses', label: t('dashboard.myExpenses'), icon: <WalletOutlined /> },
    { to: '/profile', label: t('dashboard.myProfile'), icon: <UserOutlined /> },
  ];

  return (
    <>
      <PageHeader
        title={user.firstName ? t('dashboard.welcome', { name: user.firstName }) : t('dashboard.welcomeNoName')}
        subtitle={
          <>
            <strong>{user.companyName || t('layout.companyFallback')}</strong>
            <br />
            {user.lastLoginAt
              ? t('dashboard.lastLogin', { date: formatDateTime(user.lastLoginAt) })
              : t('dashboard.firstLogin')}
          </>
        }
        extra={
          <>
            <Button
              type="primary"
              size="large"
              icon={<PlayCircleOutlined />}
              onClick={() => void navigate('/time-tracking')}
            >
              {t('dashboard.startTracking')}
            </Button>
            <Button
              size="large"
              icon={<ReloadOutlined />}
              loading={refreshing}
              onClick={() => void refresh()}
              aria-label={t('dashboard.refresh')}
            >
              {t('dashboard.refresh')}
            </Button>
          </>
        }
      />
      <TrialBanner />
      <LiveStatCards />
      {restShown ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <LiveActivityCard />
          </Col>
          <Col xs={24} lg={10}>
            {isBackoffice ? (
              <Card title={t('dashboard.quickActions')}>
                <ActionList actions={staffActions} />
              </Card>
            ) : (
              <>
                <LiveMyStatsCard />
                <Card title={t('dashboard.shortcuts')}>
                  <ActionList actions={employeeActions} />
                </Card>
              </>
            )}
            <Card title={t('dashboard.account')} style={{ marginTop: 16 }}>
              <Descriptions column={1} size="small" colon={false} styles={{ label: { width: 140 } }}>
                <Descriptions.Item label={t('dashboard.company')}>
                  {user.companyName || t('layout.companyFallback')}
                </Descriptions.Item>
                <Descriptions.Item label={t('dashboard.role')}>{tc(`roles.${user.role}`)}</Descriptions.Item>
                <Descriptions.Item label={t('login.email')}>
                  <Typography.Text style={{ wordBreak: 'break-all' }}>{user.email}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('dashboard.plan')}>
                  <Tag
                    color={
                      user.subscriptionStatus === 'active'
                        ? 'green'
                        : user.subscriptionStatus === 'trial'
                          ? 'blue'
                          : 'red'
                    }
                  >
                    {t(`dashboard.planStatus.${user.subscriptionStatus}`)}
                  </Tag>
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
        </Row>
      ) : null}
      {restShown ? <LazyCharts /> : null}
    </>
  );
}
