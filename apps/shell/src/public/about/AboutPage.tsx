import { Link } from 'react-router';
import { useShellT } from '../../i18n/shell-i18n';
import { PublicLayout } from '../components/PublicLayout';
import { FeatureIcon, type FeatureIconName } from '../components/FeatureIcon';
import './about.css';

const STATS = [
  { value: '2025', key: 'founded' },
  { value: '80 %', key: 'paper' },
  { value: '100 %', key: 'paperless' },
  { value: '24/7', key: 'mobile' },
] as const;
const VALUES: readonly { key: string; icon: FeatureIconName; tone: 'blue' | 'red' | 'green' }[] = [
  { key: 'simplicity', icon: 'heart', tone: 'blue' },
  { key: 'quality', icon: 'swiss', tone: 'red' },
  { key: 'innovation', icon: 'rocket', tone: 'green' },
];
const TEAM: readonly { key: string; icon: FeatureIconName }[] = [
  { key: 'partner1', icon: 'briefcase' },
  { key: 'partner2', icon: 'lock' },
  { key: 'design', icon: 'eye' },
];
const SWISS = ['hosting', 'privacy', 'qr', 'languages', 'standards', 'support'] as const;

export default function AboutPage() {
  const { t } = useShellT();
  return (
    <PublicLayout>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">{t('about.eyebrow')}</p>
          <h1>{t('about.title')}</h1>
          <p className="lead">{t('about.subtitle')}</p>
        </div>
      </section>

      <section className="section section--tight">
        <div className="container">
          <dl className="stats">
            {STATS.map((s) => (
              <div key={s.key}>
                <dt>{t(`about.stats.${s.key}`)}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="mission-title">
        <div className="container split">
          <FeatureIcon name="target" />
          <div>
            <h2 id="mission-title">{t('about.mission.title')}</h2>
            <p>{t('about.mission.text')}</p>
          </div>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="values-title">
        <div className="container">
          <header className="section__head">
            <h2 id="values-title">{t('about.values.title')}</h2>
          </header>
          <div className="grid grid--3">
            {VALUES.map((v) => (
              <article key={v.key} className="card feature">
                <FeatureIcon name={v.icon} tone={v.tone} />
                <h3>{t(`about.values.${v.key}.title`)}</h3>
                <p>{t(`about.values.${v.key}.text`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="team-title">
        <div className="container">
          <header className="section__head">
            <h2 id="team-title">{t('about.team.title')}</h2>
            <p>{t('about.team.subtitle')}</p>
          </header>
          <div className="grid grid--3">
            {TEAM.map((m) => (
              <article key={m.key} className="card team-card">
                <span className="team-card__avatar" aria-hidden>
                  <FeatureIcon name={m.icon} />
                </span>
                <h3>{t(`about.team.${m.key}.role`)}</h3>
                <p>{t(`about.team.${m.key}.text`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="vision-title">
        <div className="container split">
          <FeatureIcon name="star" />
          <div>
            <h2 id="vision-title">{t('about.vision.title')}</h2>
            <p>{t('about.vision.text')}</p>
            <p className="vision-badge">{t('about.vision.badge')}</p>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="swiss-title">
        <div className="container">
          <header className="section__head">
            <h2 id="swiss-title">
              <span className="swiss-dot" aria-hidden /> {t('about.swiss.title')}
            </h2>
          </header>
          <ul className="swiss-list">
            {SWISS.map((k) => (
              <li key={k}>
                <svg className="check" viewBox="0 0 20 20" width="20" height="20" aria-hidden>
                  <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.14" />
                  <path
                    d="M6 10.5l2.5 2.5L14 7.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                {t(`about.swiss.items.${k}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tight">
        <div className="container">
          <div className="final-cta">
            <h2>{t('about.cta.title')}</h2>
            <div className="final-cta__actions">
              <Link className="btn btn--white btn--lg" to="/register">
                {t('about.cta.trial')}
              </Link>
              <Link className="btn btn--on-dark btn--lg" to="/pricing">
                {t('about.cta.pricing')}
              </Link>
            </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
