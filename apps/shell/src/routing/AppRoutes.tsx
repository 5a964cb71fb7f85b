import { Suspense, lazy, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@zunft/web-common';
import { removeAppShell } from '../app-shell/app-shell';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { decideNavigation } from './guard';
import type { RouteDef } from './route-table';
import { loadSignedInApp } from './signed-in-likely';

// Public pages are plain React + CSS (no antd) and each its own chunk.
const LandingPage = lazy(() => import('../public/landing/LandingPage'));
const PricingPage = lazy(() => import('../public/pricing/PricingPage'));
const AboutPage = lazy(() => import('../public/about/AboutPage'));
const LoginPage = lazy(() => import('../public/auth/LoginPage'));
const RegisterPage = lazy(() => import('../public/auth/RegisterPage'));
const PaymentSuccessPage = lazy(() => import('../public/payment-success/PaymentSuccessPage'));
const VerifyEmailPage = lazy(() => import('../public/verify-email/VerifyEmailPage'));
const InvitationPage = lazy(() => import('../public/invitation/InvitationPage'));
const PublicRemotePage = lazy(() => import('../public/remote/PublicRemotePage'));
// Everything behind the login: antd layout (sidebar, top bar) and its pages in one lazy chunk.
const SignedInApp = lazy(loadSignedInApp);

const PUBLIC_VIEWS: Record<string, ComponentType> = {
  landing: LandingPage,
  pricing: PricingPage,
  about: AboutPage,
  login: LoginPage,
  register: RegisterPage,
  'payment-success': PaymentSuccessPage,
  invitation: InvitationPage,
};

function ScrollToTop({ pathname }: { pathname: string }) {
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function renderRoute(route: RouteDef, params: Record<string, string>) {
  const view = route.view;
  if (route.access.kind === 'auth') return <SignedInApp route={route} />;
  if (view.type === 'public-remote') return <PublicRemotePage view={view} token={params['token'] ?? ''} />;
  if (view.type === 'verify-email') return <VerifyEmailPage token={params['token'] ?? ''} />;
  const Page = PUBLIC_VIEWS[view.type];
  return Page ? <Page /> : null;
}

/** Applies the guard to the current location and renders the page, a redirect or the start spinner. */
export function AppRoutes() {
  const location = useLocation();
  const session = useSession();
  const decision = decideNavigation(location.pathname, { status: session.status, user: session.user });
  // The app shell of index.html (the signed-in frame) stays while the session starts and the
  // signed-in chunks load; a page without the signed-in layout (the token was refused: /login)
  // takes it away. AppLayout removes it when the layout commits.
  const signedInPage = decision.type !== 'render' || decision.route.access.kind === 'auth';
  useLayoutEffect(() => {
    if (!signedInPage) removeAppShell();
  }, [signedInPage]);

  if (decision.type === 'wait') return <FullScreenSpinner />;
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <ScrollToTop pathname={location.pathname} />
      {renderRoute(decision.route, decision.params)}
    </Suspense>
  );
}
