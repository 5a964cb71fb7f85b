// The paywall renders components outside the layout's set (Radio, Segmented): their antd styles.
import '../antd-rest.generated.css';
import { Alert, Button, Card, Col, Flex, Radio, Row, Segmented, Tag, Typography } from 'antd';
import { CheckCircleFilled, LockOutlined, RocketOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCHF, formatDate, serverErrorText, useSession } from '@zunft/web-common';
import { zunftColors } from '@zunft/ui-kit';
import { useShellT } from '../../i18n/shell-i18n';
import { PRICING, type BillingCycle } from '../../pricing/pricing';
import { createSubscriptionCheckout, fetchSubscriptionStatus, goToCheckout } from './subscription-api';

type PaymentMethod = 'stripe' | 'twint';

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
 * /payment (part 2 §2 "Paywall"): 'Trial abgelaufen' or 'Upgraden Sie jetzt' with both plans, card
 * or TWINT. A plan button opens Stripe Checkout (the server computes the amount from the active
 * users); Stripe returns to /payment-success, or here with `?status=cancelled`.
 */
export function PaywallPage() {
  const { t } = useShellT();
  const { user, isAdmin } = useSession();
  const [params] = useSearchParams();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [method, setMethod] = useState<PaymentMethod>('stripe');
  const status = useQuery({ queryKey: ['subscription-status'], queryFn: fetchSubscriptionStatus, enabled: isAdmin });
  const checkout = useMutation({
    mutationFn: (plan: BillingCycle) => createSubscriptionCheckout(plan, method),
    onSuccess: (answer) => {
      if (answer?.stripe?.checkout_url) goToCheckout(answer.stripe.checkout_url);
    },
  });
  if (!user) return null;
  const expired = trialExpired(user, new Date());
  const cancelled = params.get('status') === 'cancelled';
  const noSession = checkout.isSuccess && !checkout.data?.stripe?.checkout_url;
  const checkoutError = checkout.isError
    ? (serverErrorText(checkout.error) ?? t('paywall.providerError'))
    : noSession
      ? t('paywall.providerError')
      : null;
  const seats = status.data?.pricing.current_users;

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
      {cancelled && !checkout.isPending ? (
        <Alert type="error" showIcon title={t('paywall.failed')} data-testid="paywall-failed" />
      ) : null}
      {checkoutError ? <Alert type="error" showIcon title={checkoutError} role="alert" /> : null}
      {status.isError ? <Alert type="warning" showIcon title={t('paywall.loadError')} /> : null}
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
      {isAdmin ? (
        <Flex vertical align="center" gap={8}>
          <Radio.Group
            aria-label={t('paywall.paymentMethod')}
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            optionType="button"
            buttonStyle="solid"
            options={[
              { label: t('paywall.card'), value: 'stripe' },
              { label: t('paywall.twint'), value: 'twint' },
            ]}
          />
          {method === 'twint' ? (
            <Typography.Text type="warning">{t('paywall.twintUnavailable')}</Typography.Text>
          ) : null}
          {seats ? <Typography.Text type="secondary">{t('paywall.seats', { count: seats })}</Typography.Text> : null}
        </Flex>
      ) : null}
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
                <Typography.Paragraph style={{ color: zunftColors.success, fontWeight: 600 }}>
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
                    <CheckCircleFilled style={{ color: zunftColors.success, marginRight: 8 }} />
                    {t(`plans.features.${f}`)}
                  </span>
                ))}
              </Flex>
              {isAdmin ? (
                <Button
                  type={plan.id === 'yearly' ? 'primary' : 'default'}
                  size="large"
                  block
                  loading={checkout.isPending && checkout.variables === plan.id}
                  disabled={checkout.isPending || (checkout.isSuccess && !noSession)}
                  onClick={() => checkout.mutate(plan.id)}
                >
                  {checkout.isSuccess && !noSession && checkout.variables === plan.id
                    ? t('paywall.redirecting')
                    : plan.cta}
                </Button>
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
