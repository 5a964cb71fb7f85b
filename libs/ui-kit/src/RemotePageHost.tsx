import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button, Card, Flex, Result, Spin } from 'antd';

export interface RemotePageHostProps {
  /** The page's lazy component (each page of a remote is its own chunk). */
  Page: ComponentType;
  /** Name in the console message, e.g. 'time'. */
  remote: string;
  /** 'Dieser Bereich konnte nicht geladen werden.' in the user's language. */
  errorTitle: string;
  /** The reload button's label. */
  reloadLabel: string;
}

/**
 * Renders one page of a remote's exposed App: a spinner while its chunk loads, and a card with
 * a reload button when the page throws or its chunk fails — never a white page.
 */
export function RemotePageHost({ Page, remote, errorTitle, reloadLabel }: RemotePageHostProps) {
  return (
    <PageErrorBoundary remote={remote} fallback={<PageError title={errorTitle} reloadLabel={reloadLabel} />}>
      <Suspense
        fallback={
          <Flex justify="center" align="center" style={{ minHeight: 240 }}>
            <Spin size="large" />
          </Flex>
        }
      >
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}

function PageError({ title, reloadLabel }: { title: string; reloadLabel: string }) {
  return (
    <Card>
      <Result
        status="error"
        title={title}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {reloadLabel}
          </Button>
        }
      />
    </Card>
  );
}

class PageErrorBoundary extends Component<
  { remote: string; fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.remote}] Seite abgestürzt`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
