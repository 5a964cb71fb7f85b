import { Component, Suspense, type CSSProperties, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

export interface PublicPageHostProps {
  /** The page's lazy component; it gets the route's `token`. */
  Page: ComponentType<{ token: string }>;
  token: string;
  /** Name in the console message, e.g. 'billing'. */
  remote: string;
  /** 'Wird geladen...' in the visitor's language. */
  loadingLabel: string;
  /** 'Dieser Bereich konnte nicht geladen werden.' in the visitor's language. */
  errorTitle: string;
  /** The reload button's label. */
  reloadLabel: string;
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

/**
 * Renders one public token page of a remote's `PublicApp` (a customer on a phone, no login): a
 * spinner while its chunk loads and a reload card when it throws — plain React and inline styles,
 * no antd, so the page stays light. The signed-in counterpart is ui-kit's `RemotePageHost`.
 */
export function PublicPageHost({ Page, token, remote, loadingLabel, errorTitle, reloadLabel }: PublicPageHostProps) {
  return (
    <PublicPageBoundary remote={remote} fallback={<PublicPageError title={errorTitle} reloadLabel={reloadLabel} />}>
      <Suspense fallback={<PublicPageSpinner label={loadingLabel} />}>
        <Page token={token} />
      </Suspense>
    </PublicPageBoundary>
  );
}

function PublicPageSpinner({ label }: { label: string }) {
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
          animation: 'zunft-public-spin 0.8s linear infinite',
        }}
      />
      <span style={{ color: '#5b6677', fontSize: 14 }}>{label}</span>
      <style>{'@keyframes zunft-public-spin { to { transform: rotate(360deg); } }'}</style>
    </div>
  );
}

function PublicPageError({ title, reloadLabel }: { title: string; reloadLabel: string }) {
  return (
    <div style={centered} role="alert">
      <p style={{ margin: 0, fontSize: 16, fontWeight: 600, color: '#1d2633' }}>{title}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
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
        {reloadLabel}
      </button>
    </div>
  );
}

/** A page that throws (or whose chunk fails to load) shows the reload card, never a white page. */
class PublicPageBoundary extends Component<
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
