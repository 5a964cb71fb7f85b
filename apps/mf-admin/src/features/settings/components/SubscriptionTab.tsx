import { MailOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Descriptions, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import {
  LIMITS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  type SubscriptionStatusResponse,
} from '@zunft/contracts';
import { Trans } from 'react-i18next';
import { formatCHF, formatDate, i18n } from '@zunft/web-common';
import { ADMIN_NS } from '../../../i18n';
import { LoadError } from '../../../shared/LoadError';
import { useAdminT } from '../../../shared/i18n';
import { useErrorToast } from '../../../shared/useErrorToast';
import { useSubscriptionStatusQuery } from '../api/useCompany';
import { SUPPORT_EMAIL } from '../../../shared/support';

const STATUS_COLORS: Record<SubscriptionStatus, string> = {
  trial: 'processing',
  active: 'success',
  suspended: 'error',
  cancelled: 'default',
};

function asStatus(value: string | null | undefined): SubscriptionStatus | null {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value ?? '') ? (value as SubscriptionStatus) : null;
}

/**
 * Tab 'Abonnement': the subscription state and the prices. Online payment comes with a later
 * issue, so this tab says so and how to reach us, and offers no payment buttons.
 */
export function SubscriptionTab() {
  const t = useAdminT();
  const query = useSubscriptionStatusQuery();
  useErrorToast(query, t('settings.payments.loadError'));

  if (query.isError && !query.data) {
    return (
      <LoadError error={query.error} fallback={t('settings.payments.loadError')} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    );
  return <SubscriptionDetails data={query.data} />;
}

export function SubscriptionDetails({ data }: { data: SubscriptionStatusResponse }) {
  const t = useAdminT();
  const { subscription, subscription_info: info, pricing } = data;
  const status = asStatus(subscription.subscription_status) ?? asStatus(subscription.status);
  const users = pricing.current_users;
  const monthly = pricing.price_per_user_monthly ?? LIMITS.pricing.monthlyPerEmployee;
  const yearly = pricing.price_per_user_yearly ?? LIMITS.pricing.yearlyPerEmployee;
  const cycle = subscription.billing_cycle;

  const items = [
    {
      key: 'status',
      label: t('settings.payments.status'),
      children: status ? (
        <Tag color={STATUS_COLORS[status]}>{t(`settings.payments.statuses.${status}`)}</Tag>
      ) : (
        t('common.notSet')
      ),
    },
    ...(status === 'trial' || subscription.trial_ends_at
      ? [
          {
            key: 'trialEnds',
            label: t('settings.payments.trialEnds'),
            children: formatDate(subscription.trial_ends_at),
          },
        ]
      : []),
    ...(info.days_remaining !== null && info.days_remaining !== undefined
      ? [
          {
            key: 'days',
            label: t('settings.payments.daysRemaining'),
            children: t('settings.payments.days', { count: Math.max(0, info.days_remaining) }),
          },
        ]
      : []),
    { key: 'users', label: t('settings.payments.currentUsers'), children: String(users) },
    ...(cycle
      ? [{ key: 'cycle', label: t('settings.payments.billingCycle'), children: t(`settings.payments.cycles.${cycle}`) }]
      : []),
    ...(subscription.next_billing_date
      ? [
          {
            key: 'next',
            label: t('settings.payments.nextBilling'),
            children: formatDate(subscription.next_billing_date),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      {info.requires_payment ? (
        <Alert
          type="error"
          showIcon
          title={t('settings.payments.blockedTitle')}
          description={t('settings.payments.blockedText')}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('settings.payments.title')} style={{ height: '100%' }}>
            <Descriptions column={1} size="small" items={items} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('settings.payments.pricesTitle')} style={{ height: '100%' }}>
            <Flex vertical gap={16}>
              <PriceRow
                title={t('settings.payments.monthly')}
                price={t('settings.payments.monthlyPrice', { price: formatCHF(monthly) })}
                estimate={t('settings.payments.estimate', { count: users, total: formatCHF(users * monthly) })}
              />
              <PriceRow
                title={t('settings.payments.yearly')}
                price={t('settings.payments.yearlyPrice', { price: formatCHF(yearly) })}
                note={t('settings.payments.yearlyDiscount', {
                  price: formatCHF(LIMITS.pricing.yearlyListPerEmployee),
                  percent: LIMITS.pricing.yearlyDiscountPercent,
                })}
                estimate={t('settings.payments.estimate', { count: users, total: formatCHF(users * yearly) })}
              />
            </Flex>
          </Card>
        </Col>
      </Row>
      <Alert
        type="info"
        showIcon
        icon={<MailOutlined />}
        title={t('settings.payments.soonTitle')}
        description={
          <Trans
            i18n={i18n}
            ns={ADMIN_NS}
            i18nKey="settings.payments.soonText"
            values={{ email: SUPPORT_EMAIL }}
            components={{ mail: <a href={`mailto:${SUPPORT_EMAIL}`} /> }}
          />
        }
      />
    </Flex>
  );
}

function PriceRow({ title, price, note, estimate }: { title: string; price: string; note?: string; estimate: string }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Text>{price}</Typography.Text>
      {note ? (
        <Typography.Text type="success" style={{ fontSize: 13 }}>
          {note}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {estimate}
      </Typography.Text>
    </Flex>
  );
}
