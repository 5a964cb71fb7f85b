import { Alert, Button } from 'antd';
import { serverErrorText } from '@zunft/web-common';
import { useTimeT } from './i18n';

/** Inline error of a failed load with a retry button (the toast is shown once by useErrorToast). */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  const t = useTimeT();
  return (
    <Alert
      type="error"
      showIcon
      title={fallback}
      description={serverErrorText(error) ?? t('common.loadFailed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
