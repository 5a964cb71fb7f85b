import { CreditCardOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Flex, Modal, Row, Skeleton, Tag, Typography } from 'antd';
import {
  LIMITS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  type SubscriptionStatusResponse,
} from '@zunft/contracts';
import { formatCHF, formatDate, serverErrorText, toast, toastFailure, useErrorToast } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { companyKeys, useSubscriptionStatusQuery } from '../api/useCompany';
import { subscriptionApi } from '../api/subscription.api';
import { LinkButton, LoadError } from '@zunft/ui-kit';

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
 * Tab 'Abonnement': status, next billing date, paid seats, the prices; the way to the paywall
 * (Stripe Checkout) and cancellation at the end of the period.
 */
export function SubscriptionTab() {
  const t = useAdminT();
  const query = useSubscriptionStatusQuery();
  useErrorToast(query, t('settings.payments.loadError'));

  if (query.isError && !query.data) {
    return (
      <LoadError
        title={t('settings.payments.loadError')}
        detail={serverErrorText(query.error) ?? t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
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
    ...(status === 'active' && subscription.paid_seats
      ? [{ key: 'seats', label: t('settings.payments.paidSeats'), children: String(subscription.paid_seats) }]
      : []),
    ...(cycle
      ? [{ key: 'cycle', label: t('settings.payments.billingCycle'), children: t(`settings.payments.cycles.${cycle}`) }]
      : []),
    ...(subscription.next_billing_date
      ? [
          {
            key: 'next',
            label: t('settings.payments.nextBilling'),
            children: subscription.cancel_at_period_end ? (
              <Tag color="warning">
                {t('settings.payments.endsAtPeriodEnd', { date: formatDate(subscription.next_billing_date) })}
              </Tag>
            ) : (
              formatDate(subscription.next_billing_date)
            ),
          },
        ]
      : []),
  ];
  const grace = subscription.gracePeriodDaysRemaining;

  return (
    <Flex vertical gap={16}>
      {info.requires_payment ? (
        <Alert
          type="error"
          showIcon
          title={t('settings.payments.blockedTitle')}
          description={t('settings.payments.blockedText')}
          action={
            <LinkButton to="/payment" type="primary" icon={<CreditCardOutlined />}>
              {t('settings.payments.payNow')}
            </LinkButton>
          }
        />
      ) : null}
      {grace !== null && grace !== undefined && status === 'active' ? (
        <Alert
          type="warning"
          showIcon
          title={t('settings.payments.graceTitle')}
          description={t('settings.payments.graceText', { count: grace })}
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
      <SubscriptionActions data={data} />
    </Flex>
  );
}

/** Trial: go to the paywall; active: cancel at the end of the paid period (Stripe keeps it until then). */
function SubscriptionActions({ data }: { data: SubscriptionStatusResponse }) {
  const t = useAdminT();
  const client = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const cancel = useMutation({
    mutationFn: () => subscriptionApi.cancel(),
    onSuccess: (answer) => {
      toast.success(answer.message || t('settings.payments.cancelDone'));
      void client.invalidateQueries({ queryKey: companyKeys.subscription });
    },
    onError: (error) => toastFailure(error, t('settings.payments.cancelError')),
  });
  const { subscription, subscription_info: info } = data;
  const active = subscription.status === 'active';
  if (info.requires_payment) return null;
  return (
    <Card>
      {holder}
      <Flex wrap gap={12} align="center" justify="space-between">
        <Typography.Text type="secondary">{t('settings.payments.stripeNote')}</Typography.Text>
        {active ? (
          subscription.cancel_at_period_end ? null : (
            <Button
              danger
              loading={cancel.isPending}
              onClick={() =>
                void modal.confirm({
                  title: t('settings.payments.cancelConfirmTitle'),
                  content: t('settings.payments.cancelConfirmText', {
                    date: formatDate(subscription.next_billing_date),
                  }),
                  okText: t('settings.payments.cancelOk'),
                  okButtonProps: { danger: true },
                  cancelText: t('common.cancel'),
                  onOk: () => cancel.mutateAsync().catch(() => undefined),
                })
              }
            >
              {t('settings.payments.cancelAtPeriodEnd')}
            </Button>
          )
        ) : (
          <LinkButton to="/payment" type="primary" icon={<CreditCardOutlined />}>
            {t('settings.payments.payNow')}
          </LinkButton>
        )}
      </Flex>
    </Card>
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
