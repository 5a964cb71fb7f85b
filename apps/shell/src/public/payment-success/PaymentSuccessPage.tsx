import { Link } from 'react-router';
import { useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { PublicLayout } from '../components/PublicLayout';

/**
 * /payment-success (no login needed; the payment provider returns here). Signed-in users continue to
 * the dashboard; others sign in again (the login page shows the 'Zahlung erfolgreich!' banner).
 */
export default function PaymentSuccessPage() {
  const { t } = useShellT();
  const { status } = useSession();
  const signedIn = status === 'authenticated';
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
