import { LockOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useAdminT } from './i18n';

/** What non-admins see instead of an admin-only area (part 2 §2 Settings, §6). */
export function AdminRequired() {
  const t = useAdminT();
  return (
    <Result
      icon={<LockOutlined />}
      status="warning"
      // 'Administratorberechtigung' is one long word: let it break on phones instead of overflowing.
      title={
        <span style={{ fontSize: 'clamp(1.15rem, 0.9rem + 1.4vw, 1.5rem)', overflowWrap: 'anywhere', hyphens: 'auto' }}>
          {t('common.adminRequired')}
        </span>
      }
      subTitle={t('common.adminRequiredHint')}
      style={{ paddingInline: 8 }}
      role="alert"
    />
  );
}
