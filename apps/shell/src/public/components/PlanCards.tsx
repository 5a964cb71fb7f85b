import { useState, type ReactNode } from 'react';
import { formatCHF } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { PRICING, type BillingCycle } from '../../pricing/pricing';

export function BillingToggle({ value, onChange }: { value: BillingCycle; onChange: (cycle: BillingCycle) => void }) {
  const { t } = useShellT();
  return (
    <div className="toggle" role="radiogroup" aria-label={t('plans.billingToggle')}>
      {(['monthly', 'yearly'] as const).map((cycle) => (
        <button
          key={cycle}
          type="button"
          role="radio"
          aria-checked={value === cycle}
          className={value === cycle ? 'is-active' : ''}
          onClick={() => onChange(cycle)}
        >
          {t(`plans.${cycle}`)}
          {cycle === 'yearly' ? (
            <span className="toggle__badge">{t('plans.discount', { percent: PRICING.yearlyDiscountPercent })}</span>
          ) : null}
        </button>
      ))}
    </div>
  );
}

function Check() {
  return (
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
  );
}

/**
 * The two plans (monthly, yearly) with a monthly/yearly toggle that switches the period in which both
 * prices are shown. `action` renders each card's button.
 */
export function PlanCards({
  action,
  initialCycle = 'monthly',
}: {
  action: (plan: BillingCycle) => ReactNode;
  initialCycle?: BillingCycle;
}) {
  const { t } = useShellT();
  const [cycle, setCycle] = useState<BillingCycle>(initialCycle);
  const monthlyPrice = cycle === 'monthly' ? PRICING.monthlyPerEmployee : PRICING.monthlyPerEmployee * 12;
  const yearlyPrice = cycle === 'monthly' ? PRICING.yearlyPerEmployee / 12 : PRICING.yearlyPerEmployee;
  const unit = cycle === 'monthly' ? t('plans.perEmployeeMonth') : t('plans.perEmployeeYear');

  return (
    <div className="plans">
      <BillingToggle value={cycle} onChange={setCycle} />
      <div className="plans__grid">
        <article className={`plan${cycle === 'monthly' ? ' plan--selected' : ''}`}>
          <h3>{t('plans.monthlyName')}</h3>
          <p className="plan__desc">{t('plans.monthlyDesc')}</p>
          <p className="plan__price">
            <strong>{formatCHF(monthlyPrice)}</strong>
            <span>{unit}</span>
          </p>
          <p className="plan__note">
            {cycle === 'monthly'
              ? t('plans.billedMonthly')
              : t('plans.monthlyYearNote', { price: formatCHF(PRICING.monthlyPerEmployee) })}
          </p>
          <ul className="plan__features">
            {(['gps', 'unlimited', 'qr', 'email'] as const).map((f) => (
              <li key={f}>
                <Check />
                {t(`plans.features.${f}`)}
              </li>
            ))}
          </ul>
          <div className="plan__action">{action('monthly')}</div>
        </article>
        <article className={`plan plan--featured${cycle === 'yearly' ? ' plan--selected' : ''}`}>
          <span className="plan__ribbon">{t('plans.popular')}</span>
          <h3>{t('plans.yearlyName')}</h3>
          <p className="plan__desc">{t('plans.yearlyDesc')}</p>
          <p className="plan__price">
            <strong>{formatCHF(yearlyPrice)}</strong>
            <span>{unit}</span>
          </p>
          <p className="plan__note">
            {t('plans.billedYearly', {
              total: formatCHF(PRICING.yearlyPerEmployee),
              list: formatCHF(PRICING.yearlyListPerEmployee),
            })}
            <span className="pill pill--success">
              {t('plans.discount', { percent: PRICING.yearlyDiscountPercent })}
            </span>
          </p>
          <p className="plan__saving">
            {t('plans.saving', { amount: formatCHF(PRICING.yearlyListPerEmployee - PRICING.yearlyPerEmployee) })}
          </p>
          <ul className="plan__features">
            {(['all', 'phone', 'setup'] as const).map((f) => (
              <li key={f}>
                <Check />
                {t(`plans.features.${f}`)}
              </li>
            ))}
          </ul>
          <div className="plan__action">{action('yearly')}</div>
        </article>
      </div>
    </div>
  );
}
