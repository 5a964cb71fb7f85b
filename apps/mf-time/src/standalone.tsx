import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, NavLink, Outlet, RouterProvider, createBrowserRouter, useNavigate } from 'react-router';
import { App as AntApp, Button, Card, Checkbox, ConfigProvider, Flex, Form, Input, Spin, Tag, Typography } from 'antd';
import deDE from 'antd/locale/de_DE';
import { loginRequestSchema, type LoginRequest } from '@zunft/contracts';
import { I18nProvider, QueryProvider, SessionProvider, setNavigator, toast, useSession } from '@zunft/web-common';
import { zunftColors, zunftTheme } from '@zunft/ui-kit';
import TimeApp, { type TimePage } from './App';
import { serverErrorOr } from './shared/errors';
import { useTimeT } from './shared/i18n';
import { zodRule } from './shared/zodRule';

/*
 * Standalone development page of the time remote (http://127.0.0.1:4202): the same providers the
 * shell gives the remote, a minimal sign-in and a navigation between the three pages (the shell's role rules are not applied here). /api is
 * proxied to the gateway by the dev server. Not part of the production build.
 */

function Toasts() {
  const { notification } = AntApp.useApp();
  useEffect(
    () =>
      toast.subscribe((message) => {
        notification[message.type]({ title: message.text, placement: 'topRight', duration: 5 });
      }),
    [notification],
  );
  return null;
}

function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, { replace: options?.replace }));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

function FullPageSpinner() {
  const t = useTimeT();
  return (
    <Flex vertical justify="center" align="center" gap={12} style={{ minHeight: '100vh' }}>
      <Spin size="large" />
      <Typography.Text type="secondary">{t('standalone.loading')}</Typography.Text>
    </Flex>
  );
}

function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  return <>{children}</>;
}

function Layout() {
  const t = useTimeT();
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const links: { to: string; label: string }[] = [
    { to: '/customers', label: t('customers.title') },
    { to: '/projects', label: t('projects.title') },
    { to: '/time-tracking', label: t('timeTracking.title') },
    { to: '/materials', label: t('materials.title') },
  ];
  return (
    <RequireSession>
      <NavigatorBridge />
      <header style={{ background: '#fff', borderBottom: `1px solid ${zunftColors.border}`, padding: '10px 16px' }}>
        <Flex justify="space-between" align="center" gap={12} wrap="wrap" style={{ maxWidth: 1200, margin: '0 auto' }}>
          <Flex align="center" gap={8}>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {t('standalone.title')}
            </Typography.Text>
            <Tag>{t('standalone.badge')}</Tag>
          </Flex>
          <Flex align="center" gap={12} wrap="wrap">
            {links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                style={({ isActive }) => ({
                  color: isActive ? zunftColors.primary : zunftColors.ink,
                  fontWeight: isActive ? 600 : 400,
                  textDecoration: 'none',
                })}
              >
                {link.label}
              </NavLink>
            ))}
            <Button
              size="small"
              onClick={() => {
                void logout().then(() => navigate('/login'));
              }}
            >
              {t('standalone.logout')}
              {user ? ` (${user.firstName})` : ''}
            </Button>
          </Flex>
        </Flex>
      </header>
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: 'clamp(16px, 3vw, 24px)' }}>
        <Outlet />
      </main>
    </RequireSession>
  );
}

function LoginPage() {
  const t = useTimeT();
  const { status, login } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (status === 'authenticated') return <Navigate to="/time-tracking" replace />;
  if (status === 'loading') return <FullPageSpinner />;
  const fields = loginRequestSchema.shape;

  const submit = async (values: LoginRequest) => {
    setBusy(true);
    try {
      const user = await login(values);
      void navigate(user.role === 'employee' ? '/time-tracking' : '/customers', { replace: true });
    } catch (error) {
      toast.error(serverErrorOr(error, t('standalone.loginError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card title={t('standalone.loginTitle')} style={{ width: '100%', maxWidth: 400 }}>
        <Form<LoginRequest> layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ rememberMe: false }}>
          <Form.Item name="email" label={t('standalone.email')} rules={[zodRule(fields.email)]}>
            <Input type="email" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('standalone.password')} rules={[zodRule(fields.password)]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="rememberMe" valuePropName="checked">
            <Checkbox>{t('standalone.rememberMe')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('standalone.login')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}

const page = (name: TimePage) => <TimeApp page={name} />;

const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <Layout />,
    children: [
      { path: '/customers', element: page('customers') },
      { path: '/projects', element: page('projects') },
      { path: '/time-tracking', element: page('time-tracking') },
      { path: '/materials', element: page('materials') },
      { path: '*', element: <Navigate to="/time-tracking" replace /> },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider>
      <QueryProvider>
        <ConfigProvider theme={zunftTheme} locale={deDE}>
          <AntApp>
            <Toasts />
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </AntApp>
        </ConfigProvider>
      </QueryProvider>
    </I18nProvider>
  </StrictMode>,
);
