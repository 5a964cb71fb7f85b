import { Card, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { PageHeader, LinkButton } from '@zunft/ui-kit';
import { useShellT } from '../../i18n/shell-i18n';
import type { RouteDef } from '../../routing/route-table';

/** Screens of later issues (LATER_ROUTES): an honest notice instead of a fake screen. */
export function UnderConstructionPage({ route }: { route: RouteDef }) {
  const { t } = useShellT();
  const area = route.labelKey ? t(route.labelKey) : route.path;
  return (
    <>
      <PageHeader title={area} />
      <Card>
        <Result
          icon={<ToolOutlined style={{ color: '#1f5fae' }} />}
          title={t('pending.title')}
          subTitle={t('pending.text', { area })}
          extra={
            <LinkButton to="/dashboard" type="primary" size="large">
              {t('pending.back')}
            </LinkButton>
          }
        />
      </Card>
    </>
  );
}
