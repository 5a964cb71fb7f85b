import type { SubscriptionStatus } from '@zunft/contracts';

export interface TrialBannerInput {
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
}

export interface TrialBannerState {
  daysLeft: number;
  /** 'info' (8–30 days), 'urgent' (4–7 days), 'critical' (1–3 days: different text). */
  level: 'info' | 'urgent' | 'critical';
  /** Where the banner's link goes: pricing, or the payments tab when 7 days or fewer remain. */
  link: '/pricing' | '/settings?tab=payments';
  /** The trial's end (ISO) — shown at 7 days or fewer. */
  endsAt: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left, counting a started day as a day (ends in 2h -> 1 day). */
export function trialDaysLeft(trialEndsAt: string, now: Date): number {
  return Math.ceil((new Date(trialEndsAt).getTime() - now.getTime()) / DAY_MS);
}

/** Part 1 §4/§9: shown for subscriptionStatus 'trial' with 1 to 30 days left. */
export function trialBanner(input: TrialBannerInput, now: Date): TrialBannerState | null {
  if (input.subscriptionStatus !== 'trial' || !input.trialEndsAt) return null;
  if (Number.isNaN(new Date(input.trialEndsAt).getTime())) return null;
  const daysLeft = trialDaysLeft(input.trialEndsAt, now);
  if (daysLeft < 1 || daysLeft > 30) return null;
  if (daysLeft <= 3) return { daysLeft, level: 'critical', link: '/settings?tab=payments', endsAt: input.trialEndsAt };
  if (daysLeft <= 7) return { daysLeft, level: 'urgent', link: '/settings?tab=payments', endsAt: input.trialEndsAt };
  return { daysLeft, level: 'info', link: '/pricing', endsAt: null };
}
