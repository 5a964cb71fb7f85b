import { LinkButton } from '@zunft/ui-kit';
import { Alert, Card, Col, Flex, Row, Segmented, Tag, Typography } from 'antd';
import { CheckCircleFilled, LockOutlined, RocketOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { formatCHF, formatDate, useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { PRICING, type BillingCycle } from '../../pricing/pricing';

const PAYMENTS_TAB = '/settings?tab=payments';

function trialExpired(
  user: { requiresPayment: boolean; subscriptionStatus: string; trialEndsAt: string | null },
  now: Date,
): boolean {
  if (user.requiresPayment) return true;
  return (
    user.subscriptionStatus === 'trial' &&
    user.trialEndsAt !== null &&
    new Date(user.trialEndsAt).getTime() <= now.getTime()
  );
}

/**
 * /payment (part 2 §2 "Paywall"): 'Trial abgelaufen' or 'Upgraden Sie jetzt' with both plans. The
 * payment flow itself lives in settings (payments tab), so the plan buttons lead there.
 */
export function PaywallPage() {
  const { t } = useShellT();
  const { user, isAdmin } = useSession();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  if (!user) return null;
  const expired = trialExpired(user, new Date());

  const plans = [
    {
      id: 'monthly' as const,
      name: t('plans.monthlyName'),
      desc: t('plans.monthlyDesc'),
      price: cycle === 'monthly' ? PRICING.monthlyPerEmployee : PRICING.monthlyPerEmployee * 12,
      features: ['gps', 'unlimited', 'qr', 'email'] as const,
      cta: t('paywall.chooseMonthly'),
    },
    {
      id: 'yearly' as const,
      name: t('plans.yearlyName'),
      desc: t('plans.yearlyDesc'),
      price: cycle === 'monthly' ? PRICING.yearlyPerEmployee / 12 : PRICING.yearlyPerEmployee,
      features: ['all', 'phone', 'setup'] as const,
      cta: t('paywall.chooseYearly'),
    },
  ];

  return (
    <Flex vertical gap={24} style={{ maxWidth: 960, margin: '0 auto' }}>
      <div style={{ textAlign: 'center' }}>
        <span style={{ fontSize: 44, color: expired ? '#c4321f' : '#1f5fae' }}>
          {expired ? <LockOutlined /> : <RocketOutlined />}
        </span>
        <Typography.Title level={1} style={{ marginTop: 8, fontSize: 'clamp(1.6rem, 1.2rem + 1.6vw, 2.4rem)' }}>
          {expired ? t('paywall.expiredTitle') : t('paywall.upgradeTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 17, maxWidth: 640, margin: '0 auto' }}>
          {expired ? t('paywall.expiredText') : t('paywall.upgradeText')}
        </Typography.Paragraph>
        {user.trialEndsAt && expired ? (
          <Typography.Paragraph type="secondary">
            {t('paywall.endedOn', { date: formatDate(user.trialEndsAt) })}
          </Typography.Paragraph>
        ) : null}
      </div>
      {!isAdmin ? <Alert type="info" showIcon title={t('paywall.notAdmin')} /> : null}
      <Flex justify="center">
        <Segmented<BillingCycle>
          size="large"
          value={cycle}
          onChange={setCycle}
          options={[
            { label: t('plans.monthly'), value: 'monthly' },
            { label: `${t('plans.yearly')} −${PRICING.yearlyDiscountPercent} %`, value: 'yearly' },
          ]}
        />
      </Flex>
      <Row gutter={[16, 16]}>
        {plans.map((plan) => (
          <Col key={plan.id} xs={24} md={12}>
            <Card
              style={{
                height: '100%',
                borderColor: plan.id === cycle ? '#1f5fae' : undefined,
                borderWidth: plan.id === cycle ? 2 : 1,
              }}
              title={
                <Flex justify="space-between" align="center" gap={8}>
                  <span>{plan.name}</span>
                  {plan.id === 'yearly' ? <Tag color="red">{t('plans.popular')}</Tag> : null}
                </Flex>
              }
            >
              <Typography.Text type="secondary">{plan.desc}</Typography.Text>
              <div style={{ margin: '12px 0 4px' }}>
                <span style={{ fontSize: 32, fontWeight: 700, letterSpacing: '-0.02em' }}>{formatCHF(plan.price)}</span>{' '}
                <Typography.Text type="secondary">
                  {cycle === 'monthly' ? t('plans.perEmployeeMonth') : t('plans.perEmployeeYear')}
                </Typography.Text>
              </div>
              {plan.id === 'yearly' ? (
                <Typography.Paragraph style={{ color: '#1f8a4c', fontWeight: 600 }}>
                  {cycle === 'monthly'
                    ? t('plans.billedYearly', {
                        total: formatCHF(PRICING.yearlyPerEmployee),
                        list: formatCHF(PRICING.yearlyListPerEmployee),
                      })
                    : t('plans.insteadOf', { price: formatCHF(PRICING.yearlyListPerEmployee) })}{' '}
                  ·{' '}
                  {t('plans.saving', { amount: formatCHF(PRICING.yearlyListPerEmployee - PRICING.yearlyPerEmployee) })}
                </Typography.Paragraph>
              ) : (
                <Typography.Paragraph type="secondary">
                  {cycle === 'monthly'
                    ? t('plans.billedMonthly')
                    : t('plans.monthlyYearNote', { price: formatCHF(PRICING.monthlyPerEmployee) })}
                </Typography.Paragraph>
              )}
              <Flex vertical gap={8} style={{ marginBottom: 20 }}>
                {plan.features.map((f) => (
                  <span key={f}>
                    <CheckCircleFilled style={{ color: '#1f8a4c', marginRight: 8 }} />
                    {t(`plans.features.${f}`)}
                  </span>
                ))}
              </Flex>
              {isAdmin ? (
                <LinkButton to={PAYMENTS_TAB} type={plan.id === 'yearly' ? 'primary' : 'default'} size="large" block>
                  {plan.cta}
                </LinkButton>
              ) : null}
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {t('paywall.dataKept')}
      </Typography.Paragraph>
    </Flex>
  );
}
