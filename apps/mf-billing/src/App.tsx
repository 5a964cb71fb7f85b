import { Component, Suspense, lazy, type CSSProperties, type ErrorInfo, type ReactNode } from 'react';
import { useBillingT } from './shared/i18n';

export type BillingPage = 'quotes' | 'quote-acceptance';

export interface BillingAppProps {
  page: BillingPage;
  /** Route parameters; `token` of /quote-acceptance/:token. */
  params?: { token?: string };
}

// Each page is its own chunk: the shell only downloads what the route shows. This module itself
// imports no antd, so the public acceptance page (customers on a phone) never loads it.
const pages = {
  quotes: lazy(() => import('./features/quotes/pages/QuotesPage')),
  'quote-acceptance': lazy(() => import('./features/quote-acceptance/pages/QuoteAcceptancePage')),
} satisfies Record<BillingPage, unknown>;

/**
 * The exposed entry of the `billing` remote (`billing/App`). The shell decides who may see which
 * page and provides session, query client, i18n, theme and router (shared singletons); the
 * acceptance page is public and needs none of them but i18n.
 */
export default function BillingApp({ page, params }: BillingAppProps) {
  const Page = pages[page];
  return (
    <PageErrorBoundary key={page}>
      <Suspense fallback={<PageSpinner />}>
        <Page token={params?.token ?? ''} />
      </Suspense>
    </PageErrorBoundary>
  );
}

const centered: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 12,
  minHeight: 240,
  padding: 16,
  textAlign: 'center',
};

function PageSpinner() {
  const t = useBillingT();
  return (
    <div style={centered} role="status" aria-live="polite">
      <span
        aria-hidden
        style={{
          width: 32,
          height: 32,
          borderRadius: '50%',
          border: '3px solid #d6dde8',
          borderTopColor: '#1f5fae',
          animation: 'zunft-billing-spin 0.8s linear infinite',
        }}
      />
      <span style={{ color: '#5b6677', fontSize: 14 }}>{t('common.loading')}</span>
      <style>{'@keyframes zunft-billing-spin { to { transform: rotate(360deg); } }'}</style>
    </div>
  );
}

function PageError({ onRetry }: { onRetry: () => void }) {
  const t = useBillingT();
  return (
    <div style={centered} role="alert">
      <p style={{ margin: 0, fontSize: 16, fontWeight: 600, color: '#1d2633' }}>{t('remote.loadError')}</p>
      <button
        type="button"
        onClick={onRetry}
        style={{
          minHeight: 44,
          padding: '0 20px',
          border: 0,
          borderRadius: 8,
          background: '#1f5fae',
          color: '#fff',
          fontSize: 15,
          cursor: 'pointer',
        }}
      >
        {t('remote.reload')}
      </button>
    </div>
  );
}

/** A page that throws (or whose chunk fails to load) shows a German error card, never a white page. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[billing] Seite abgestürzt', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <PageError onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}
