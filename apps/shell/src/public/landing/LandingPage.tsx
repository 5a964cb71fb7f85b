import { Link } from 'react-router';
import { useShellT } from '../../i18n/shell-i18n';
import { PublicLayout } from '../components/PublicLayout';
import { PlanCards } from '../components/PlanCards';
import { useDemoAvailable } from '../components/useDemoAvailable';
import { useDemoLogin } from '../components/useDemoLogin';
import { FeatureIcon, type FeatureIconName } from '../components/FeatureIcon';
import './landing.css';

const FEATURES: readonly { key: string; icon: FeatureIconName }[] = [
  { key: 'time', icon: 'clock' },
  { key: 'reports', icon: 'report' },
  { key: 'invoices', icon: 'qr' },
  { key: 'materials', icon: 'box' },
  { key: 'team', icon: 'team' },
  { key: 'crm', icon: 'briefcase' },
];
const BENEFITS: readonly { key: string; icon: FeatureIconName }[] = [
  { key: 'paper', icon: 'leaf' },
  { key: 'time', icon: 'bolt' },
  { key: 'money', icon: 'chf' },
];
const TRUST: readonly { key: string; icon: FeatureIconName }[] = [
  { key: 'hosting', icon: 'swiss' },
  { key: 'privacy', icon: 'lock' },
  { key: 'offline', icon: 'phone' },
  { key: 'standards', icon: 'check' },
];

/** Only where the demo is enabled; while that is being asked it keeps its place, invisible. */
function DemoButton({ className }: { className: string }) {
  const { t } = useShellT();
  const demo = useDemoLogin();
  const available = useDemoAvailable();
  if (available === false) return null;
  const asking = available === undefined;
  return (
    <button
      type="button"
      className={className}
      onClick={() => void demo.start()}
      disabled={demo.loading || asking}
      aria-busy={demo.loading}
      aria-hidden={asking || undefined}
      style={asking ? { visibility: 'hidden' } : undefined}
    >
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden>
        <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M8 6.5v7l5.5-3.5z" fill="currentColor" />
      </svg>
      {demo.loading ? t('landing.demoLoading') : t('landing.ctaDemo')}
    </button>
  );
}

/** The demo invitation, left out where the demo is off (production unless configured). */
function DemoSection() {
  const { t } = useShellT();
  if (useDemoAvailable() === false) return null;
  return (
    <section id="demo" className="section section--alt" aria-labelledby="demo-title">
      <div className="container demo">
        <div>
          <h2 id="demo-title">{t('landing.demo.title')}</h2>
          <p>{t('landing.demo.text')}</p>
        </div>
        <DemoButton className="btn btn--primary btn--lg" />
      </div>
    </section>
  );
}

function HeroIllustration() {
  const { t } = useShellT();
  return (
    <div className="hero-card" aria-hidden>
      <div className="hero-card__head">
        <span className="hero-card__dot" />
        <div>
          <strong>{t('landing.heroCard.title')}</strong>
          <span>{t('landing.heroCard.project')}</span>
        </div>
      </div>
      <div className="hero-card__row">
        <span>{t('landing.heroCard.hours')}</span>
        <strong>{t('landing.heroCard.hoursValue')}</strong>
      </div>
      <div className="hero-card__row">
        <span>{t('landing.heroCard.material')}</span>
        <strong>{t('landing.heroCard.materialValue')}</strong>
      </div>
      <div className="hero-card__sign">
        <svg viewBox="0 0 160 40" width="100%" height="40">
          <path
            d="M4 30c14-22 24-24 26-10s10 12 18-4 14-10 16 2 12 8 22-6 16-4 22 6 20 2 44-8"
            fill="none"
            stroke="#1f5fae"
            strokeWidth="2.4"
            strokeLinecap="round"
          />
        </svg>
      </div>
      <div className="hero-card__status">
        <span className="pill pill--success">✓ {t('landing.heroCard.signed')}</span>
        <span className="pill pill--info">{t('landing.heroCard.invoice')}</span>
      </div>
    </div>
  );
}

export default function LandingPage() {
  const { t } = useShellT();
  return (
    <PublicLayout>
      <section className="hero">
        <div className="container hero__grid">
          <div className="hero__copy">
            <p className="eyebrow">
              <span className="swiss-dot" aria-hidden /> {t('landing.eyebrow')}
            </p>
            <h1>{t('landing.title')}</h1>
            <p className="lead">{t('landing.subtitle')}</p>
            <div className="hero__actions">
              <Link className="btn btn--primary btn--lg" to="/register">
                {t('landing.ctaTrial')}
              </Link>
              <DemoButton className="btn btn--ghost btn--lg" />
            </div>
            <p className="hero__note">{t('landing.noCard')}</p>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className="section" aria-labelledby="benefits-title">
        <div className="container">
          <header className="section__head">
            <h2 id="benefits-title">{t('landing.benefits.title')}</h2>
            <p>{t('landing.benefits.subtitle')}</p>
          </header>
          <div className="grid grid--3">
            {BENEFITS.map((b) => (
              <article key={b.key} className="benefit">
                <FeatureIcon name={b.icon} />
                <h3>{t(`landing.benefits.${b.key}.title`)}</h3>
                <p>{t(`landing.benefits.${b.key}.text`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section id="features" className="section section--alt" aria-labelledby="features-title">
        <div className="container">
          <header className="section__head">
            <h2 id="features-title">{t('landing.features.title')}</h2>
            <p>{t('landing.features.subtitle')}</p>
          </header>
          <div className="grid grid--3">
            {FEATURES.map((f) => (
              <article key={f.key} className="card feature">
                <FeatureIcon name={f.icon} />
                <h3>{t(`landing.features.${f.key}.title`)}</h3>
                <p>{t(`landing.features.${f.key}.text`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section id="pricing" className="section" aria-labelledby="pricing-title">
        <div className="container">
          <header className="section__head">
            <h2 id="pricing-title">{t('landing.pricing.title')}</h2>
            <p>{t('landing.pricing.subtitle')}</p>
          </header>
          <PlanCards
            action={(plan) => (
              <Link className={`btn btn--block ${plan === 'yearly' ? 'btn--primary' : 'btn--outline'}`} to="/register">
                {t('plans.cta')}
              </Link>
            )}
          />
          <p className="center">
            <Link className="text-link" to="/pricing">
              {t('landing.pricing.more')} →
            </Link>
          </p>
        </div>
      </section>

      <DemoSection />

      <section className="section" aria-labelledby="trust-title">
        <div className="container">
          <header className="section__head">
            <h2 id="trust-title">{t('landing.trust.title')}</h2>
          </header>
          <ul className="trust">
            {TRUST.map((b) => (
              <li key={b.key}>
                <FeatureIcon name={b.icon} />
                <div>
                  <strong>{t(`landing.trust.${b.key}.title`)}</strong>
                  <span>{t(`landing.trust.${b.key}.text`)}</span>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--cta">
        <div className="container">
          <div className="final-cta">
            <h2>{t('landing.final.title')}</h2>
            <p>{t('landing.final.text')}</p>
            <div className="final-cta__actions">
              <Link className="btn btn--white btn--lg" to="/register">
                {t('landing.final.cta')}
              </Link>
              <Link className="btn btn--on-dark btn--lg" to="/pricing">
                {t('landing.final.secondary')}
              </Link>
            </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
