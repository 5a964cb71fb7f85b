import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { fetchSubscriptionStatus, renewAccessToken } from '../../app/paywall/subscription-api';
import { PublicLayout } from '../components/PublicLayout';

const POLL_MS = 1000;
const POLL_FOR_MS = 60_000;

/**
 * /payment-success (no login needed; the payment provider returns here). The browser's return
 * proves nothing: Stripe's webhook activates the subscription. A signed-in user waits here until
 * the server reports it, gets a fresh token (the state is in the token) and continues to the
 * dashboard; others sign in again (the login page shows the 'Zahlung erfolgreich!' banner).
 */
export default function PaymentSuccessPage() {
  const { t } = useShellT();
  const { status, user } = useSession();
  const signedIn = status === 'authenticated';
  const [startedAt] = useState(() => Date.now());
  const mustConfirm = signedIn && user?.role === 'admin';
  const subscription = useQuery({
    queryKey: ['subscription-status', 'after-payment'],
    queryFn: fetchSubscriptionStatus,
    enabled: mustConfirm,
    refetchInterval: (q) =>
      q.state.data && !q.state.data.subscription_info.requires_payment && q.state.data.subscription.status === 'active'
        ? false
        : Date.now() - startedAt < POLL_FOR_MS
          ? POLL_MS
          : false,
  });
  const active =
    !!subscription.data &&
    !subscription.data.subscription_info.requires_payment &&
    subscription.data.subscription.status === 'active';
  const [renewed, setRenewed] = useState(false);
  useEffect(() => {
    if (!active || renewed) return;
    void renewAccessToken()
      .catch(() => undefined)
      .finally(() => setRenewed(true));
  }, [active, renewed]);
  const confirming = mustConfirm && !(active && renewed);
  const gaveUp = confirming && !subscription.isFetching && Date.now() - startedAt >= POLL_FOR_MS;
  if (confirming) {
    return (
      <PublicLayout>
        <div className="message-page">
          <div className="message-card" aria-busy={!gaveUp}>
            <h1>{gaveUp ? t('paymentSuccess.title') : t('paymentSuccess.confirming')}</h1>
            <p role="status">{gaveUp ? t('paymentSuccess.pending') : t('paymentSuccess.confirming')}</p>
          </div>
        </div>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout>
      <div className="message-page">
        <div className="message-card">
          <span className="message-icon message-icon--success" aria-hidden>
            <svg
              viewBox="0 0 24 24"
              width="36"
              height="36"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          </span>
          <h1>{t('paymentSuccess.title')}</h1>
          <p>{t('paymentSuccess.text')}</p>
          <p>{t('paymentSuccess.receipt')}</p>
          <div className="message-card__actions">
            {signedIn ? (
              <Link className="btn btn--primary btn--lg" to="/dashboard">
                {t('paymentSuccess.toDashboard')}
              </Link>
            ) : (
              <Link className="btn btn--primary btn--lg" to="/login?message=payment_success">
                {t('paymentSuccess.toLogin')}
              </Link>
            )}
            <Link className="btn btn--ghost btn--lg" to="/">
              {t('paymentSuccess.home')}
            </Link>
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
