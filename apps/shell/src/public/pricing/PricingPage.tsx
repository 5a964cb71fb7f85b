import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatCHF } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { PRICING, computePrice, type BillingCycle } from '../../pricing/pricing';
import { PublicLayout } from '../components/PublicLayout';
import { BillingToggle } from '../components/PlanCards';
import './pricing.css';

const FEATURES = [
  'time',
  'reports',
  'invoices',
  'materials',
  'team',
  'crm',
  'unlimited',
  'offline',
  'hosting',
] as const;
const FAQ = ['trial', 'after', 'payment', 'employees', 'cancel', 'data'] as const;

function Calculator() {
  const { t } = useShellT();
  const sliderId = useId();
  const [employees, setEmployees] = useState<number>(PRICING.slider.default);
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const quote = computePrice(employees, cycle);
  const fill = ((quote.employees - PRICING.slider.min) / (PRICING.slider.max - PRICING.slider.min)) * 100;

  return (
    <section className="calc card" aria-labelledby="calc-title">
      <div className="calc__head">
        <h2 id="calc-title">{t('pricingPage.calculator')}</h2>
        <BillingToggle value={cycle} onChange={setCycle} />
      </div>
      <div className="calc__slider">
        <div className="calc__label">
          <label htmlFor={sliderId}>{t('pricingPage.employees')}</label>
          <output htmlFor={sliderId}>{t('pricingPage.employeesValue', { count: quote.employees })}</output>
        </div>
        <input
          id={sliderId}
          type="range"
          min={PRICING.slider.min}
          max={PRICING.slider.max}
          step={1}
          value={quote.employees}
          onChange={(e) => setEmployees(Number(e.target.value))}
          style={{ ['--fill' as string]: `${fill}%` }}
        />
        <div className="calc__scale" aria-hidden>
          <span>{PRICING.slider.min}</span>
          <span>{PRICING.slider.max}</span>
        </div>
      </div>
      <div className="calc__result" aria-live="polite">
        <div>
          <span className="calc__total-label">{t('pricingPage.total')}</span>
          <strong className="calc__total">{formatCHF(quote.total)}</strong>
          <span className="calc__period">
            {cycle === 'monthly' ? t('pricingPage.perMonth') : t('pricingPage.perYear')}
          </span>
        </div>
        <div className="calc__details">
          <span>
            {quote.employees} × {formatCHF(quote.perEmployee)}{' '}
            {cycle === 'monthly' ? t('plans.perEmployeeMonth') : t('plans.perEmployeeYear')}
          </span>
          {cycle === 'yearly' && quote.listTotal !== null && quote.saving !== null ? (
            <>
              <span>
                {t('plans.insteadOf', { price: formatCHF(PRICING.yearlyListPerEmployee) })}{' '}
                <span className="pill pill--success">{t('plans.discount', { percent: quote.discountPercent })}</span>
              </span>
              <span className="calc__saving">{t('pricingPage.savingTotal', { amount: formatCHF(quote.saving) })}</span>
              <span>{t('pricingPage.equivalent', { amount: formatCHF(quote.perMonth) })}</span>
            </>
          ) : (
            <button type="button" className="calc__hint" onClick={() => setCycle('yearly')}>
              {t('pricingPage.yearlyHint', {
                percent: PRICING.yearlyDiscountPercent,
                amount: formatCHF(computePrice(quote.employees, 'yearly').saving ?? 0),
              })}
            </button>
          )}
        </div>
        <Link className="btn btn--primary btn--lg" to="/register">
          {t('plans.cta')}
        </Link>
      </div>
      <p className="calc__note">{t('pricingPage.priceNote')}</p>
    </section>
  );
}

export default function PricingPage() {
  const { t } = useShellT();
  return (
    <PublicLayout>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">{t('public.nav.pricing')}</p>
          <h1>{t('pricingPage.title')}</h1>
          <p className="lead">{t('pricingPage.subtitle')}</p>
        </div>
      </section>
      <section className="section section--tight">
        <div className="container pricing-layout">
          <Calculator />
          <section className="card included" aria-labelledby="included-title">
            <h2 id="included-title">{t('pricingPage.included')}</h2>
            <ul className="plan__features">
              {FEATURES.map((f) => (
                <li key={f}>
                  <svg className="check" viewBox="0 0 20 20" width="18" height="18" aria-hidden>
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
                  {t(`pricingPage.featureList.${f}`)}
                </li>
              ))}
            </ul>
            <p className="included__extra">{t('pricingPage.yearlyExtras')}</p>
          </section>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="faq-title">
        <div className="container faq">
          <header className="section__head">
            <h2 id="faq-title">{t('pricingPage.faqTitle')}</h2>
          </header>
          {FAQ.map((q) => (
            <details key={q} className="faq__item">
              <summary>{t(`pricingPage.faq.${q}Q`)}</summary>
              <p>{t(`pricingPage.faq.${q}A`)}</p>
            </details>
          ))}
        </div>
      </section>
      <section className="section section--cta">
        <div className="container">
          <div className="final-cta">
            <h2>{t('pricingPage.ctaTitle')}</h2>
            <div className="final-cta__actions">
              <Link className="btn btn--white btn--lg" to="/register">
                {t('pricingPage.cta')}
              </Link>
            </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
