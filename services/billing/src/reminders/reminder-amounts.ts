import { openPrincipalCents, roundMoney, roundToFiveRappen } from '@zunft/contracts';

/**
 * Default interest (Verzugszins, OR 104 para. 1: 5 % unless agreed otherwise): calendar days after
 * `from` up to and including `until`, on a 365-day year (actual/365).
 */
export function interestDays(from: string, until: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${until}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) throw new Error('interestDays: invalid date');
  return Math.max(0, Math.round((end - start) / 86_400_000));
}

/**
 * The day default interest is counted from (exclusive, as `interestDays`): after an earlier reminder
 * from that reminder's date (its interest is booked); before the first one, OR 102 para. 1 puts the
 * debtor in default with the reminder itself (no interest yet), unless the company agreed a due date
 * (setting `interest_from_due_date`, OR 102 para. 2): then from the day after the due date.
 */
export function interestStart(input: {
  previousReminderDate: string | null;
  dueDate: string;
  reminderDate: string;
  fromDueDate: boolean;
}): string {
  if (input.previousReminderDate) return input.previousReminderDate;
  if (input.fromDueDate && input.dueDate < input.reminderDate) return input.dueDate;
  return input.reminderDate;
}

/**
 * Interest on the open principal (never on fees or earlier interest: OR 105 para. 3), actual/365,
 * rounded to 0.05 for CHF (the smallest coin, as every amount the QR bill asks for) and to 0.01 otherwise.
 */
export function defaultInterest(
  principal: number,
  ratePercent: number,
  from: string,
  until: string,
  currency: 'CHF' | 'EUR' = 'CHF',
): number {
  const days = interestDays(from, until);
  if (days === 0 || principal <= 0 || ratePercent <= 0) return 0;
  // In Rappen × percent × days / 365, rounded once.
  const exact = (Math.round(principal * 100) * ratePercent * days) / 365 / 100 / 100;
  return currency === 'CHF' ? roundToFiveRappen(exact) : roundMoney(exact);
}

export interface ReminderAmounts {
  /** Open before this reminder (principal, earlier fees and interest not yet paid). */
  open_amount: number;
  /** The fee of this level (booked as a `reminder_fee` ledger entry). */
  fee: number;
  /** Fees booked so far including this one. */
  fees_total: number;
  /** Default interest since the previous reminder (booked as an `interest` ledger entry). */
  interest: number;
  interest_days: number;
  /** open amount + fee + interest: exactly what the invoice's ledger has open afterwards, the QR bill's amount. */
  total_amount: number;
}

const cents = (s: string | number) => Math.round(Number(s) * 100);

/**
 * The amounts of a reminder from the invoice's ledger sums: this level's fee and the default interest
 * on the open principal (a part payment settled fees and interest first, OR 85 para. 1) from
 * `interestFrom` to the reminder date. Its total is what stays open once both are booked, so paying
 * exactly it leaves nothing open.
 */
export function reminderAmounts(input: {
  invoice: {
    currency: 'CHF' | 'EUR';
    total_amount: string;
    open_amount: string;
    paid_amount: string;
    credited_amount: string;
    written_off_amount: string;
    reminder_fees: string;
    interest_amount: string;
  };
  levelFee: number;
  interestEnabled: boolean;
  interestRate: number;
  interestFrom: string;
  reminderDate: string;
}): ReminderAmounts {
  const inv = input.invoice;
  const principal =
    openPrincipalCents({
      totalCents: cents(inv.total_amount),
      creditedCents: cents(inv.credited_amount),
      writtenOffCents: cents(inv.written_off_amount),
      paidCents: cents(inv.paid_amount),
      feesCents: cents(inv.reminder_fees),
      interestCents: cents(inv.interest_amount),
    }) / 100;
  const days = input.interestEnabled ? interestDays(input.interestFrom, input.reminderDate) : 0;
  const interest = input.interestEnabled
    ? defaultInterest(principal, input.interestRate, input.interestFrom, input.reminderDate, inv.currency)
    : 0;
  const fee = roundMoney(input.levelFee);
  const open = Number(inv.open_amount);
  return {
    open_amount: roundMoney(open),
    fee,
    fees_total: roundMoney(Number(inv.reminder_fees) + fee),
    interest,
    interest_days: days,
    total_amount: roundMoney(open + fee + interest),
  };
}
