import { Component, Suspense, lazy, type ErrorInfo, type ReactNode } from 'react';
import { Button, Card, Flex, Result, Spin } from 'antd';
import { useTimeT } from './shared/i18n';

export type TimePage = 'customers' | 'projects' | 'time-tracking' | 'materials';

// Each page is its own chunk: the shell only downloads what the route shows.
const pages = {
  customers: lazy(() => import('./features/customers/pages/CustomersPage')),
  projects: lazy(() => import('./features/projects/pages/ProjectsPage')),
  'time-tracking': lazy(() => import('./features/time-tracking/pages/TimeTrackingPage')),
  materials: lazy(() => import('./features/materials/pages/MaterialsPage')),
} satisfies Record<TimePage, unknown>;

/**
 * The exposed entry of the `time` remote (`time/App`). The shell decides who may see which
 * page and provides session, query client, i18n, theme and router (shared singletons).
 */
export default function TimeApp({ page }: { page: TimePage }) {
  const Page = pages[page];
  return (
    <PageErrorBoundary key={page}>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}

function PageSpinner() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" />
    </Flex>
  );
}

function PageError({ onRetry }: { onRetry: () => void }) {
  const t = useTimeT();
  return (
    <Card>
      <Result
        status="error"
        title={t('remote.loadError')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('remote.reload')}
          </Button>
        }
      />
    </Card>
  );
}

/** A page that throws (or whose chunk fails to load) shows a German error card, never a white page. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[time] Seite abgestürzt', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <PageError onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}
