import { Button, Card, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useShellT } from '../i18n/shell-i18n';

/** Shown in place of a remote that failed to load or crashed; sidebar and top bar keep working. */
export function RemoteErrorCard({ onRetry }: { onRetry: () => void }) {
  const { t } = useShellT();
  return (
    <Card>
      <Result
        status="warning"
        title={t('remote.loadError')}
        subTitle={t('remote.loadErrorHint')}
        extra={
          <Button type="primary" size="large" icon={<ReloadOutlined />} onClick={onRetry}>
            {t('remote.retry')}
          </Button>
        }
      />
    </Card>
  );
}
