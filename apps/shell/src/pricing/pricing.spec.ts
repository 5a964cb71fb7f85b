import { describe, expect, it } from '@jest/globals';
import { LIMITS } from '@zunft/contracts';
import { PRICING, clampEmployees, computePrice } from './pricing';

describe('price calculator', () => {
  it('uses the same numbers as the contracts', () => {
    expect(PRICING.monthlyPerEmployee).toBe(LIMITS.pricing.monthlyPerEmployee);
    expect(PRICING.yearlyPerEmployee).toBe(LIMITS.pricing.yearlyPerEmployee);
    expect(PRICING.yearlyListPerEmployee).toBe(LIMITS.pricing.yearlyListPerEmployee);
    expect(PRICING.yearlyDiscountPercent).toBe(LIMITS.pricing.yearlyDiscountPercent);
    expect(PRICING.slider).toEqual(LIMITS.pricingSlider);
    expect(PRICING.trialDays).toBe(LIMITS.trialDays);
  });

  it('monthly: CHF 12.50 per employee', () => {
    expect(computePrice(1, 'monthly')).toMatchObject({ total: 12.5, perEmployee: 12.5, saving: null, listTotal: null });
    expect(computePrice(3, 'monthly').total).toBe(37.5);
    expect(computePrice(50, 'monthly').total).toBe(625);
  });

  it('yearly: CHF 120 instead of 150 per employee, 20 % off, CHF 30 saved per employee', () => {
    const q = computePrice(3, 'yearly');
    expect(q).toMatchObject({
      total: 360,
      listTotal: 450,
      saving: 90,
      discountPercent: 20,
      perEmployee: 120,
      perMonth: 30,
    });
    expect(computePrice(1, 'yearly').saving).toBe(30);
    expect(computePrice(7, 'yearly').perMonth).toBe(70);
  });

  it('keeps the employee count within the slider range 1–50', () => {
    expect(clampEmployees(0)).toBe(1);
    expect(clampEmployees(-4)).toBe(1);
    expect(clampEmployees(51)).toBe(50);
    expect(clampEmployees(2.6)).toBe(3);
    expect(clampEmployees(Number.NaN)).toBe(3);
    expect(computePrice(80, 'monthly').employees).toBe(50);
  });
});
