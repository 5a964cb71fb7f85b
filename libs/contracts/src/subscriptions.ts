import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './common.js';

/** Plan ids of part 2 §9: 1 monthly, 2 yearly. */
export const PLAN_IDS = { monthly: 1, yearly: 2 } as const;
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const PAYMENT_METHODS = ['stripe', 'twint'] as const;

/** Days a company keeps working after a failed renewal payment before it is suspended. */
export const PAYMENT_GRACE_DAYS = 7;
/** Days the data of a company without a subscription is kept after the trial (part 2 §9). */
export const DATA_RETENTION_DAYS_AFTER_TRIAL = 90;

export const SUBSCRIPTION_MESSAGES = {
  twintUnavailable: 'TWINT ist derzeit nicht verfügbar. Bitte wählen Sie die Kartenzahlung.',
  planMismatch: 'Plan und Abrechnungsintervall passen nicht zusammen',
  alreadyActive: 'Ihr Abonnement ist bereits aktiv',
  noSubscription: 'Kein aktives Abonnement vorhanden',
  providerError: 'Der Zahlungsanbieter ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
  badSignature: 'Ungültige Stripe-Signatur',
  noPendingPayment: 'Fehler: Keine ausstehende Zahlung gefunden',
  paymentNotCompleted: 'Die Zahlung für diesen Mitarbeiter ist noch nicht abgeschlossen',
  activationBlocked: 'Aktivierung blockiert: Dieser Mitarbeiter benötigt eine Zahlung zur Aktivierung!',
  extraSeatRequiresPayment:
    'Der Mitarbeiter wurde erstellt, benötigt aber eine Zahlung, bevor er aktiviert werden kann.',
  activationRequiresPayment: 'Für die Aktivierung dieses Mitarbeiters ist eine Zahlung erforderlich.',
  cancelled: 'Ihr Abonnement endet zum Ende der laufenden Periode',
} as const;

/** POST /subscriptions/create */
export const createSubscriptionRequestSchema = z
  .object({
    plan_id: z.union([z.literal(1), z.literal(2)], { error: 'Ungültiger Plan' }),
    billing_cycle: z.enum(BILLING_CYCLES, { error: 'Ungültiges Abrechnungsintervall' }),
    payment_method: z.enum(PAYMENT_METHODS, { error: 'Ungültige Zahlungsart' }),
    auto_renew: z.boolean({ error: 'auto_renew muss ein Wahrheitswert sein' }).default(true),
  })
  .refine((b) => PLAN_IDS[b.billing_cycle] === b.plan_id, {
    error: SUBSCRIPTION_MESSAGES.planMismatch,
    path: ['plan_id'],
  });
export type CreateSubscriptionRequest = z.input<typeof createSubscriptionRequestSchema>;

/** POST /subscriptions/create-user-addition. A sent `prorata_amount` is ignored: the server computes it. */
export const createUserAdditionRequestSchema = z.object({
  user_id: z.uuid({ error: 'Ungültige ID' }).optional(),
  additional_users: z.literal(1, { error: 'Es kann nur ein Mitarbeiter auf einmal hinzugefügt werden' }).default(1),
  prorata_amount: z.unknown().optional(),
  payment_method: z.enum(PAYMENT_METHODS, { error: 'Ungültige Zahlungsart' }).default('stripe'),
  auto_renew: z.boolean().optional(),
  description: z.string().max(500).optional(),
});
export type CreateUserAdditionRequest = z.input<typeof createUserAdditionRequestSchema>;

/** PUT /users/{id}/activate-payment */
export const activatePaymentRequestSchema = z.object({
  transaction_id: z.uuid({ error: 'Ungültige Transaktions-ID' }),
});
export type ActivatePaymentRequest = z.input<typeof activatePaymentRequestSchema>;

export interface CheckoutResponse {
  transaction_id: string;
  payment_provider: 'stripe';
  /** CHF, what the customer pays now (computed on the server). */
  amount: number;
  next_step: 'redirect_to_checkout';
  stripe: { checkout_url: string; session_id: string; public_key: string };
}

/** Part 2 §3 "Payment calculation for an extra employee". */
export interface PaymentCalculation {
  description: string;
  billing_cycle: BillingCycle;
  price_per_user: number;
  days_remaining: number;
  daily_rate: number;
  prorata_amount: number;
  /** yyyy-MM-dd */
  next_billing_date: string;
}

/** The answer of POST /users and PUT /users/{id} when the user needs a paid seat first. */
export interface UserRequiresPaymentResponse {
  requires_payment: true;
  message: string;
  payment_calculation: PaymentCalculation;
  userId: string;
}

export interface CancelSubscriptionResponse {
  message: string;
  cancel_at_period_end: true;
  next_billing_date: string | null;
}

export const subscriptionChangedEventData = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  billingCycle: z.enum(BILLING_CYCLES).nullable(),
  paidSeats: z.number().int(),
  nextBillingDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  gracePeriodEndsAt: z.string().nullable(),
  reason: z.string().nullable(),
});
