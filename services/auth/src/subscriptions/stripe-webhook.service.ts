import { Inject, Injectable, Logger } from '@nestjs/common';
import { PAYMENT_GRACE_DAYS, type BillingCycle, type SubscriptionStatus } from '@zunft/contracts';
import { TenantScope, currentRequestId, enqueueEvent } from '@zunft/nest-common';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { AUTH_CONFIG } from '../config/auth-config.module.js';
import type { AuthConfig } from '../config/auth.config.js';
import { UserRecords, toUserEventData } from '../users/index.js';
import { STANDIN_STRIPE_CONFIG, STRIPE_CLIENT, verifyStripeWebhook, type StripeEventLike } from './stripe.client.js';
import { SubscriptionErrors } from './subscriptions.errors.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionStateService, type SubscriptionDraft } from './subscription-state.service.js';

type Obj = Record<string, unknown>;
const DAY_MS = 86_400_000;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
/** An expandable field: the id string, or the expanded object's id. */
const idOf = (v: unknown): string | null => str(v) ?? (v && typeof v === 'object' ? str((v as Obj).id) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

/** The subscription's first item (quantity, period, price) in current and older API shapes. */
export function readSubscription(sub: Obj) {
  const item = arr(obj(sub.items).data)[0] ?? {};
  const price = obj(item.price ?? item.plan ?? sub.plan);
  const interval = str(obj(price.recurring).interval) ?? str(price.interval);
  const periodEnd = num(item.current_period_end) ?? num(sub.current_period_end);
  return {
    id: str(sub.id),
    customer: idOf(sub.customer),
    status: str(sub.status),
    itemId: str(item.id),
    quantity: num(item.quantity) ?? num(sub.quantity),
    cycle: (interval === 'year' ? 'yearly' : interval === 'month' ? 'monthly' : null) as BillingCycle | null,
    periodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    companyId: str(obj(sub.metadata).company_id),
  };
}

/** An invoice's subscription, main (non-proration) line and period end, in current and older API shapes. */
export function readInvoice(invoice: Obj) {
  const lines = arr(obj(invoice.lines).data);
  const isProration = (l: Obj) =>
    l.proration === true || obj(obj(l.parent).subscription_item_details).proration === true;
  const main = lines.find((l) => !isProration(l)) ?? null;
  const periodEnd = main ? num(obj(main.period).end) : null;
  const periodStart = main ? num(obj(main.period).start) : null;
  const subscriptionDetails = obj(obj(invoice.parent).subscription_details);
  return {
    customer: idOf(invoice.customer),
    subscription: idOf(invoice.subscription) ?? idOf(subscriptionDetails.subscription),
    companyId: str(obj(subscriptionDetails.metadata).company_id) ?? str(obj(invoice.metadata).company_id),
    billingReason: str(invoice.billing_reason),
    quantity: main ? num(main.quantity) : null,
    periodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    /** A period over 40 days is a year. */
    cycle: (periodEnd && periodStart
      ? periodEnd - periodStart > 40 * 86_400
        ? 'yearly'
        : 'monthly'
      : null) as BillingCycle | null,
  };
}

/**
 * Stripe's webhooks decide about payments, never the browser. Each event id is handled once, in
 * one transaction with its effect; the effects are idempotent state changes, so any order and any
 * number of deliveries end in the same state with one `subscription-changed` per visible change.
 *
 * Stripe promises no order, so events apply in Stripe's order, not in arrival order: every event
 * that sets the status (subscription snapshots, `invoice.paid`, `invoice.payment_failed`, the
 * checkout) moves `subscription_event_at` to its `created` time, and one older than that is stale
 * (recorded, no effect). A subscription Stripe cancelled stays cancelled: a cancelled subscription
 * never becomes active again at Stripe (a new one has a new id), so no late `invoice.paid`, snapshot
 * or replayed checkout of that id reactivates the company.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: SubscriptionsRepository,
    private readonly state: SubscriptionStateService,
    private readonly users: UserRecords,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  /** Verifies the signature on the raw body; a bad or missing one is a 400 (and logged). */
  verify(rawBody: Buffer | undefined, signature: string | undefined): StripeEventLike {
    try {
      if (!rawBody) throw new Error('no raw body');
      return verifyStripeWebhook(rawBody, signature, (this.config.stripe ?? STANDIN_STRIPE_CONFIG).webhookSecret);
    } catch (error) {
      this.logger.warn(`Stripe webhook rejected: ${(error as Error).message.split('\n')[0]}`);
      throw SubscriptionErrors.badSignature();
    }
  }

  async handle(event: StripeEventLike): Promise<{ received: true; duplicate: boolean; applied: boolean }> {
    return this.dataSource.transaction(async (m) => {
      const companyId = await this.companyOf(event, m);
      if (!(await this.repo.recordEvent(event.id, event.type, companyId, m))) {
        return { received: true as const, duplicate: true, applied: false };
      }
      if (!companyId) {
        this.logger.log(`Stripe event ${event.type} ${event.id} belongs to no company; recorded only`);
        return { received: true as const, duplicate: false, applied: false };
      }
      const applied = await this.apply(event, companyId, m);
      return { received: true as const, duplicate: false, applied };
    });
  }

  private async companyOf(event: StripeEventLike, m: EntityManager): Promise<string | null> {
    const o = event.data.object;
    const candidates = [str(obj(o.metadata).company_id), str(o.client_reference_id)];
    if (event.type.startsWith('invoice.')) candidates.push(readInvoice(o).companyId);
    for (const id of candidates) {
      if (id && /^[0-9a-f-]{36}$/i.test(id) && (await this.repo.companyExists(id, m))) return id;
    }
    const customer = idOf(o.customer);
    return customer ? this.repo.companyIdForCustomer(customer, m) : null;
  }

  private apply(event: StripeEventLike, companyId: string, m: EntityManager): Promise<boolean> {
    const o = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(o, companyId, event.created, m);
      case 'invoice.paid':
        return this.invoicePaid(o, companyId, event.created, m);
      case 'invoice.payment_failed':
        return this.invoiceFailed(o, companyId, event.created, m);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return this.subscriptionSnapshot(o, companyId, event.created, m);
      case 'customer.subscription.deleted':
        return this.subscriptionDeleted(o, companyId, event.created, m);
      default:
        return Promise.resolve(false);
    }
  }

  private async checkoutCompleted(
    session: Obj,
    companyId: string,
    created: number,
    m: EntityManager,
  ): Promise<boolean> {
    const sessionId = str(session.id);
    const payment = sessionId ? await this.repo.findPaymentBySessionForUpdate(sessionId, m) : null;
    if (payment && payment.companyId !== companyId) return false;
    const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    if (!paid || session.status !== 'complete') return false;

    if (session.mode === 'subscription') {
      const subscriptionId = idOf(session.subscription);
      if (!subscriptionId) return false;
      // The session says little about the subscription: ask Stripe for it (period, quantity, item).
      const sub = readSubscription((await this.stripe.subscriptions.retrieve(subscriptionId)) as unknown as Obj);
      if (payment) await this.repo.markPaymentPaid(payment.id, m);
      return this.state.change(m, companyId, 'checkout_completed', (d) => {
        // A replayed checkout of an older subscription never replaces the current one.
        const live = sub.status === 'active' || sub.status === 'trialing';
        if (d.stripeSubscriptionId && d.stripeSubscriptionId !== sub.id && !live) return;
        if (ended(d, sub.id) && !live) return;
        // The subscription was read from Stripe just now: at least as new as this event.
        markApplied(d, created);
        d.stripeCustomerId = idOf(session.customer) ?? d.stripeCustomerId;
        this.adopt(d, sub, { fallbackCycle: payment?.billingCycle ?? null });
        if (sub.status === 'active' || sub.status === 'trialing') this.activate(d);
      });
    }

    if (session.mode === 'payment' && payment?.kind === 'user_addition' && payment.status === 'pending') {
      await this.repo.markPaymentPaid(payment.id, m);
      return this.state.change(m, companyId, 'user_added', async (d) => {
        if (payment.userId) await this.activateUser(companyId, payment.userId, m);
        const seats = Math.max(d.paidSeats, await this.repo.countActiveUsers(companyId, m));
        if (seats !== d.paidSeats && d.stripeSubscriptionId && d.stripeSubscriptionItemId) {
          // Charged pro rata at checkout, so no proration here; the next invoice bills the new quantity.
          await this.stripe.subscriptions.update(d.stripeSubscriptionId, {
            items: [{ id: d.stripeSubscriptionItemId, quantity: seats }],
            proration_behavior: 'none',
          });
        }
        d.paidSeats = seats;
      });
    }
    if (payment) await this.repo.markPaymentPaid(payment.id, m);
    return false;
  }

  private invoicePaid(invoice: Obj, companyId: string, created: number, m: EntityManager): Promise<boolean> {
    const inv = readInvoice(invoice);
    return this.state.change(m, companyId, 'invoice_paid', (d) => {
      // Only invoices of the subscription count (a one-off invoice activates nothing).
      if (!inv.subscription || (d.stripeSubscriptionId && inv.subscription !== d.stripeSubscriptionId)) return;
      // A late payment neither undoes a newer state nor revives a cancelled subscription.
      if (stale(d, created) || ended(d, inv.subscription)) return;
      markApplied(d, created);
      d.stripeCustomerId ??= inv.customer;
      d.stripeSubscriptionId ??= inv.subscription;
      if (inv.billingReason !== 'subscription_update') {
        if (inv.quantity !== null) d.paidSeats = inv.quantity;
        if (inv.periodEnd && (!d.currentPeriodEnd || inv.periodEnd > d.currentPeriodEnd))
          d.currentPeriodEnd = inv.periodEnd;
        d.billingCycle = inv.cycle ?? d.billingCycle;
      }
      this.activate(d);
    });
  }

  private invoiceFailed(invoice: Obj, companyId: string, created: number, m: EntityManager): Promise<boolean> {
    const inv = readInvoice(invoice);
    return this.state.change(m, companyId, 'payment_failed', (d) => {
      if (!inv.subscription || (d.stripeSubscriptionId && inv.subscription !== d.stripeSubscriptionId)) return;
      if (d.status !== 'active' || stale(d, created)) return;
      markApplied(d, created);
      this.startGrace(d, created);
    });
  }

  private subscriptionSnapshot(o: Obj, companyId: string, created: number, m: EntityManager): Promise<boolean> {
    const sub = readSubscription(o);
    return this.state.change(m, companyId, 'subscription_updated', (d) => {
      if (d.stripeSubscriptionId && sub.id !== d.stripeSubscriptionId) return;
      // An older snapshot than the state applied is stale (Stripe does not promise an order).
      if (stale(d, created) || ended(d, sub.id)) return;
      markApplied(d, created);
      this.adopt(d, sub, { fallbackCycle: null });
      d.cancelAtPeriodEnd = sub.cancelAtPeriodEnd;
      const next = mapStatus(sub.status);
      if (next === 'active') this.activate(d);
      else if (next === 'grace') {
        if (d.status === 'active') this.startGrace(d, created);
      } else if (next) {
        d.status = next;
        d.graceEndsAt = null;
      }
    });
  }

  private subscriptionDeleted(o: Obj, companyId: string, created: number, m: EntityManager): Promise<boolean> {
    const sub = readSubscription(o);
    return this.state.change(m, companyId, 'subscription_deleted', (d) => {
      if (d.stripeSubscriptionId && sub.id !== d.stripeSubscriptionId) return;
      d.stripeSubscriptionId ??= sub.id;
      // Cancellation is final for this subscription, even when it arrives late.
      markApplied(d, created);
      d.status = 'cancelled';
      d.cancelAtPeriodEnd = false;
      d.graceEndsAt = null;
    });
  }

  private adopt(
    d: SubscriptionDraft,
    sub: ReturnType<typeof readSubscription>,
    o: { fallbackCycle: BillingCycle | null },
  ) {
    d.stripeCustomerId ??= sub.customer;
    d.stripeSubscriptionId = sub.id ?? d.stripeSubscriptionId;
    d.stripeSubscriptionItemId = sub.itemId ?? d.stripeSubscriptionItemId;
    if (sub.quantity !== null) d.paidSeats = sub.quantity;
    if (sub.periodEnd && (!d.currentPeriodEnd || sub.periodEnd > d.currentPeriodEnd))
      d.currentPeriodEnd = sub.periodEnd;
    d.billingCycle = sub.cycle ?? o.fallbackCycle ?? d.billingCycle;
    d.cancelAtPeriodEnd = sub.cancelAtPeriodEnd;
  }

  private activate(d: SubscriptionDraft) {
    d.status = 'active';
    d.graceEndsAt = null;
  }

  /** A failed payment: 7 days of grace from the first failure, then suspended (maintenance job). */
  private startGrace(d: SubscriptionDraft, created: number) {
    if (d.graceEndsAt) {
      if (d.graceEndsAt.getTime() <= created * 1000) {
        d.status = 'suspended';
        d.graceEndsAt = null;
      }
      return;
    }
    d.graceEndsAt = new Date(created * 1000 + PAYMENT_GRACE_DAYS * DAY_MS);
  }

  private async activateUser(companyId: string, userId: string, m: EntityManager): Promise<void> {
    const scope = TenantScope.forSystem(companyId);
    const user = await this.users.findByIdForUpdate(scope, userId, m);
    if (!user || user.isActive) return;
    await this.users.update(scope, userId, { isActive: true }, m);
    const updated = (await this.users.findById(scope, userId, m))!;
    await enqueueEvent(m, {
      type: 'auth.user.updated',
      companyId,
      actorId: null,
      requestId: currentRequestId(),
      data: toUserEventData(updated),
    });
  }
}

/** Older than the newest status-setting event applied (ties apply: Stripe's times are seconds). */
function stale(d: SubscriptionDraft, created: number): boolean {
  return d.subscriptionEventAt !== null && Number(d.subscriptionEventAt) > created;
}

function markApplied(d: SubscriptionDraft, created: number): void {
  d.subscriptionEventAt = String(Math.max(created, Number(d.subscriptionEventAt ?? 0)));
}

/** This very subscription was cancelled at Stripe (terminal there: a new one has a new id). */
function ended(d: SubscriptionDraft, subscriptionId: string | null): boolean {
  return d.status === 'cancelled' && !!subscriptionId && d.stripeSubscriptionId === subscriptionId;
}

function mapStatus(status: string | null): SubscriptionStatus | 'grace' | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'grace';
    case 'unpaid':
    case 'paused':
      return 'suspended';
    case 'canceled':
      return 'cancelled';
    default:
      return null; // incomplete, incomplete_expired: nothing was paid yet
  }
}
