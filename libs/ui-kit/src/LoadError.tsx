import { Alert, Button } from 'antd';

export interface LoadErrorProps {
  /** The spec's catalogue text of the failed load, e.g. 'Fehler beim Laden der Rapporte'. */
  title: string;
  /** Why: the server's German reason (web-common `serverErrorText`) or a generic 'could not load'. */
  detail: string;
  /** 'Erneut versuchen' in the user's language. */
  retryLabel: string;
  onRetry: () => void;
}

/** Inline error of a failed load with a retry button (the toast is shown once by web-common's useErrorToast). */
export function LoadError({ title, detail, retryLabel, onRetry }: LoadErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={detail}
      action={
        <Button size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
