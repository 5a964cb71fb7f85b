import { Link } from 'react-router';
import '../public.css';
import { useShellT } from '../../i18n/shell-i18n';
import { Logo } from '../components/Logo';

/**
 * Customer token pages (/signature/:token, /quote-acceptance/:token) until the mf-billing remote
 * provides them: an honest 'not available yet' card, no marketing chrome (customers land here from a
 * link in an e-mail).
 */
export default function PublicPendingPage({ routeId }: { routeId: string; token: string | null }) {
  const { t } = useShellT();
  const area = routeId === 'signature' ? t('nav.signature') : t('nav.quoteAcceptance');
  return (
    <div className="pub">
      <header className="pub-header">
        <div className="container pub-header__bar">
          <Logo />
        </div>
      </header>
      <main id="main" className="message-page">
        <div className="message-card">
          <span className="message-icon message-icon--info" aria-hidden>
            <svg
              viewBox="0 0 24 24"
              width="34"
              height="34"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18v3h3l6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
            </svg>
          </span>
          <h1>{t('pending.title')}</h1>
          <p>
            <strong>{area}</strong>
          </p>
          <p>{t('pending.publicText')}</p>
          <div className="message-card__actions">
            <Link className="btn btn--ghost btn--lg" to="/">
              {t('pending.home')}
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}
