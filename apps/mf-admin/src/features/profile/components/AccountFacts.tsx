import { Card, Descriptions, Tag, Typography } from 'antd';
import type { SessionUser } from '@zunft/contracts';
import { formatCHF } from '@zunft/web-common';
import { ROLE_COLORS } from '../../../shared/roles';
import { useAdminT } from '../../../shared/i18n';

/** Read-only facts the administration sets: role, company, craft (employees) and hourly rate. */
export function AccountFacts({ user }: { user: SessionUser }) {
  const t = useAdminT();
  const items = [
    {
      key: 'role',
      label: t('profile.account.role'),
      children: <Tag color={ROLE_COLORS[user.role]}>{t(`roles.${user.role}`)}</Tag>,
    },
    { key: 'company', label: t('profile.account.company'), children: user.companyName || t('common.notSet') },
    ...(user.role === 'employee'
      ? [{ key: 'craft', label: t('profile.account.craft'), children: user.craftsmanCategory || t('common.notSet') }]
      : []),
    {
      key: 'rate',
      label: t('profile.account.hourlyRate'),
      children:
        user.hourlyRate === null || user.hourlyRate === undefined ? t('common.notSet') : formatCHF(user.hourlyRate),
    },
  ];
  return (
    <Card title={t('profile.account.title')}>
      <Descriptions column={1} size="small" items={items} />
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t('profile.account.readOnlyHint')}
      </Typography.Text>
    </Card>
  );
}
