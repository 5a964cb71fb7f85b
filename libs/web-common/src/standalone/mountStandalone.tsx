import { StrictMode, createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, NavLink, BrowserRouter, Outlet, useNavigate, useRoutes, type RouteObject } from 'react-router';
import {
  App as AntApp,
  Button,
  Card,
  Checkbox,
  ConfigProvider,
  Flex,
  Form,
  Input,
  Spin,
  Tag,
  Typography,
  type FormRule,
  type ThemeConfig,
} from 'antd';
import deDE from 'antd/locale/de_DE';
import { loginRequestSchema, translateValidationMessage, type LoginRequest, type SessionUser } from '@zunft/contracts';
import { ApiError } from '../api/api-error';
import { I18nProvider, useT } from '../i18n/I18nProvider';
import { currentLanguage } from '../i18n/i18n';
import { setNavigator } from '../navigation';
import { QueryProvider } from '../query/QueryProvider';
import { SessionProvider, useSession } from '../session/SessionProvider';
import { toast } from '../toast/toast';

/*
 * Standalone development page of a remote (`rspack serve`, see tools/rspack/remote-config.ts): the
 * providers the shell gives the remote, a minimal sign-in and a navigation between the remote's
 * pages. /api is proxied to the gateway by the dev server. Not part of any production build, and not
 * exported from the package root: the shell must not pull antd in through @zunft/web-common.
 */

export interface StandaloneOptions<P extends string> {
  /**
   * The remote's i18n namespace (registered by importing the remote): its `standalone.*` keys give
   * title, badge, loading, sign-in form and logout texts.
   */
  i18nNamespace: string;
  /** The shell's antd theme and the brand colours of the header (@zunft/ui-kit). */
  theme: ThemeConfig;
  colors: { primary: string; ink: string; border: string };
  /** The pages behind the sign-in, in link order: page → key of its link text ('users' is at /users). */
  pages: Record<P, string>;
  /** The remote's element for a page, e.g. `(page) => <AdminApp page={page} />`. */
  render: (page: P) => ReactNode;
  /** Where a signed-in user lands (from /login and from unknown paths). */
  home: NoInfer<P>;
  /** Where the sign-in leads to; `home` when not given. */
  homeFor?: (user: SessionUser) => NoInfer<P>;
  /** Routes outside the layout that need no sign-in (e.g. a public page). */
  publicRoutes?: RouteObject[];
}

/** What the layout and the sign-in page need of the options. */
interface Harness {
  i18nNamespace: string;
  colors: StandaloneOptions<string>['colors'];
  links: { path: string; labelKey: string }[];
  home: string;
  homeFor: (user: SessionUser) => string;
}

const HarnessContext = createContext<Harness | null>(null);

function useHarness(): Harness {
  const harness = useContext(HarnessContext);
  if (!harness) throw new Error('mountStandalone: harness missing');
  return harness;
}

function useStandaloneT() {
  return useT(useHarness().i18nNamespace).t;
}

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
  const t = useStandaloneT();
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
  const t = useStandaloneT();
  const { links, colors } = useHarness();
  const { user, logout } = useSession();
  const navigate = useNavigate();
  return (
    <RequireSession>
      <NavigatorBridge />
      <header style={{ background: '#fff', borderBottom: `1px solid ${colors.border}`, padding: '10px 16px' }}>
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
                key={link.path}
                to={link.path}
                style={({ isActive }) => ({
                  color: isActive ? colors.primary : colors.ink,
                  fontWeight: isActive ? 600 : 400,
                  textDecoration: 'none',
                })}
              >
                {t(link.labelKey)}
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

/**
 * Validates a field with its schema from @zunft/contracts, so the form shows the server's message:
 * German as the schema says it, French/Italian through the server catalogue (like ui-kit's zodRule).
 */
function schemaRule(schema: {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        const message = parsed.error?.issues[0]?.message ?? 'Ungültige Eingabe';
        throw new Error(await translateValidationMessage(message, currentLanguage()));
      }
    },
  };
}

/** The server's German `error` of a failed sign-in, else the remote's own message. */
function loginErrorText(error: unknown, fallback: string): string {
  const text = error instanceof ApiError ? error.body?.error : undefined;
  return typeof text === 'string' && text.trim() !== '' ? text : fallback;
}

function LoginPage() {
  const t = useStandaloneT();
  const { home, homeFor } = useHarness();
  const { status, login } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (status === 'authenticated') return <Navigate to={home} replace />;
  if (status === 'loading') return <FullPageSpinner />;
  const fields = loginRequestSchema.shape;

  const submit = async (values: LoginRequest) => {
    setBusy(true);
    try {
      const user = await login(values);
      void navigate(homeFor(user), { replace: true });
    } catch (error) {
      toast.error(loginErrorText(error, t('standalone.loginError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card title={t('standalone.loginTitle')} style={{ width: '100%', maxWidth: 400 }}>
        <Form<LoginRequest> layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ rememberMe: false }}>
          <Form.Item name="email" label={t('standalone.email')} rules={[schemaRule(fields.email)]}>
            <Input type="email" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('standalone.password')} rules={[schemaRule(fields.password)]}>
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

/**
 * The standalone page's routes. A component router (BrowserRouter + useRoutes), not a data router:
 * react-router is shared between all apps and bundled with exactly the names they import
 * (tools/rspack/shared-singletons.ts), and createBrowserRouter/RouterProvider alone would bring the
 * data router's 70 KB to every signed-in page of the shell.
 */
function StandaloneRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders the standalone page of a remote into #root. */
export function mountStandalone<P extends string>(options: StandaloneOptions<P>): void {
  const { i18nNamespace, colors, home, homeFor = () => home } = options;
  const pages = Object.keys(options.pages) as P[];
  const harness: Harness = {
    i18nNamespace,
    colors,
    links: pages.map((page) => ({ path: `/${page}`, labelKey: options.pages[page] })),
    home: `/${home}`,
    homeFor: (user) => `/${homeFor(user)}`,
  };
  const routes: RouteObject[] = [
    { path: '/login', element: <LoginPage /> },
    ...(options.publicRoutes ?? []),
    {
      element: <Layout />,
      children: [
        ...pages.map((page) => ({ path: `/${page}`, element: options.render(page) })),
        { path: '*', element: <Navigate to={harness.home} replace /> },
      ],
    },
  ];

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <HarnessContext.Provider value={harness}>
        <I18nProvider>
          <QueryProvider>
            <ConfigProvider theme={options.theme} locale={deDE}>
              <AntApp>
                <Toasts />
                <SessionProvider>
                  <BrowserRouter>
                    <StandaloneRoutes routes={routes} />
                  </BrowserRouter>
                </SessionProvider>
              </AntApp>
            </ConfigProvider>
          </QueryProvider>
        </I18nProvider>
      </HarnessContext.Provider>
    </StrictMode>,
  );
}
