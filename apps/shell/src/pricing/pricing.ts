/**
 * Prices (part 1 §1/§9, part 2 §9). The numbers mirror LIMITS.pricing of @zunft/contracts; they are
 * repeated here on purpose so the public pages do not load the contracts bundle (zod) — the spec
 * test below keeps both in step.
 */
export const PRICING = {
  monthlyPerEmployee: 12.5,
  yearlyPerEmployee: 120,
  yearlyListPerEmployee: 150,
  yearlyDiscountPercent: 20,
  slider: { min: 1, max: 50, default: 3 },
  trialDays: 30,
  dataKeptDaysAfterTrial: 90,
} as const;

export type BillingCycle = 'monthly' | 'yearly';

export interface PriceQuote {
  employees: number;
  cycle: BillingCycle;
  /** Price per employee for the chosen period. */
  perEmployee: number;
  /** Total for the chosen period. */
  total: number;
  /** Yearly only: the list price (150 per employee) and the saving against it. */
  listTotal: number | null;
  saving: number | null;
  discountPercent: number;
  /** Monthly equivalent of the total (yearly / 12), for comparison. */
  perMonth: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Clamps the employee count to the slider range 1–50 and whole numbers. */
export function clampEmployees(value: number): number {
  if (!Number.isFinite(value)) return PRICING.slider.default;
  return Math.min(PRICING.slider.max, Math.max(PRICING.slider.min, Math.round(value)));
}

export function computePrice(employeesInput: number, cycle: BillingCycle): PriceQuote {
  const employees = clampEmployees(employeesInput);
  if (cycle === 'monthly') {
    const total = round2(PRICING.monthlyPerEmployee * employees);
    return {
      employees,
      cycle,
      perEmployee: PRICING.monthlyPerEmployee,
      total,
      listTotal: null,
      saving: null,
      discountPercent: 0,
      perMonth: total,
    };
  }
  const total = round2(PRICING.yearlyPerEmployee * employees);
  const listTotal = round2(PRICING.yearlyListPerEmployee * employees);
  return {
    employees,
    cycle,
    perEmployee: PRICING.yearlyPerEmployee,
    total,
    listTotal,
    saving: round2(listTotal - total),
    discountPercent: PRICING.yearlyDiscountPercent,
    perMonth: round2(total / 12),
  };
}
