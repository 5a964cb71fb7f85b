import { roundMoney, roundToFiveRappen } from '@zunft/contracts';

/**
 * Default interest (Verzugszins, OR 104): the open amount bears interest from the day after the
 * due date. Counted in calendar days up to and including `until` (the reminder date), on a
 * 365-day year (actual/365), rounded to the Rappen.
 */
export function interestDays(dueDate: string, until: string): number {
  const due = Date.parse(`${dueDate}T00:00:00Z`);
  const end = Date.parse(`${until}T00:00:00Z`);
  if (Number.isNaN(due) || Number.isNaN(end)) throw new Error('interestDays: invalid date');
  return Math.max(0, Math.round((end - due) / 86_400_000));
}

export function defaultInterest(openAmount: number, ratePercent: number, dueDate: string, until: string): number {
  const days = interestDays(dueDate, until);
  if (days === 0 || openAmount <= 0 || ratePercent <= 0) return 0;
  // In Rappen × percent × days / 365, rounded once.
  return roundMoney((Math.round(openAmount * 100) * ratePercent * days) / 365 / 100 / 100);
}

export interface ReminderAmounts {
  open_amount: number;
  /** The fee of this level. */
  fee: number;
  /** Fees of every reminder so far including this one. */
  fees_total: number;
  interest: number;
  interest_days: number;
  /** open amount + fees + interest, rounded to 5 Rappen: the amount of the new QR bill. */
  total_amount: number;
}

/**
 * The amounts of a reminder: the still open invoice amount, the reminder fees (this level's and
 * the earlier ones'), default interest when the company charges it, and the new total.
 */
export function reminderAmounts(input: {
  openAmount: number;
  earlierFees: number;
  levelFee: number;
  interestEnabled: boolean;
  interestRate: number;
  dueDate: string;
  reminderDate: string;
}): ReminderAmounts {
  const days = input.interestEnabled ? interestDays(input.dueDate, input.reminderDate) : 0;
  const interest = input.interestEnabled
    ? defaultInterest(input.openAmount, input.interestRate, input.dueDate, input.reminderDate)
    : 0;
  const feesTotal = roundMoney(input.earlierFees + input.levelFee);
  return {
    open_amount: roundMoney(input.openAmount),
    fee: roundMoney(input.levelFee),
    fees_total: feesTotal,
    interest,
    interest_days: days,
    total_amount: roundToFiveRappen(roundMoney(input.openAmount + feesTotal + interest)),
  };
}
