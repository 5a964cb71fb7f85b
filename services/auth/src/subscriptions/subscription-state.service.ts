import { Injectable } from '@nestjs/common';
import type { BillingCycle, SubscriptionStatus } from '@zunft/contracts';
import { currentRequestId, enqueueEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { zurichDay } from './pricing.js';
import type { SubscriptionStateEntity } from './subscription-state.entity.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** What a change may touch; the status lives on `companies` (the token reads it at refresh). */
export interface SubscriptionDraft {
  status: SubscriptionStatus;
  billingCycle: BillingCycle | null;
  paidSeats: number;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  graceEndsAt: Date | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  stripeSubscriptionItemId: string | null;
  subscriptionEventAt: string | null;
}

const VISIBLE: Array<keyof SubscriptionDraft> = [
  'status',
  'billingCycle',
  'paidSeats',
  'currentPeriodEnd',
  'cancelAtPeriodEnd',
  'graceEndsAt',
];

const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime() : a === b;

/**
 * The one place that changes a company's subscription: locks the company's row, lets the caller
 * change a draft, writes the state, mirrors status/cycle/next billing date to `companies`, and puts
 * `auth.company.subscription-changed` into the outbox when something visible changed (so a
 * repeated or reordered Stripe event has no second effect).
 */
@Injectable()
export class SubscriptionStateService {
  constructor(private readonly repo: SubscriptionsRepository) {}

  async change(
    m: EntityManager,
    companyId: string,
    reason: string,
    mutate: (draft: SubscriptionDraft, state: SubscriptionStateEntity) => void | Promise<void>,
  ): Promise<boolean> {
    const state = await this.repo.lockState(companyId, m);
    const company = (await this.repo.findCompany(companyId, m))!;
    const before: SubscriptionDraft = {
      status: company.subscriptionStatus,
      billingCycle: state.billingCycle ?? company.billingCycle,
      paidSeats: state.paidSeats,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      graceEndsAt: state.graceEndsAt,
      stripeCustomerId: state.stripeCustomerId,
      stripeSubscriptionId: state.stripeSubscriptionId,
      stripeSubscriptionItemId: state.stripeSubscriptionItemId,
      subscriptionEventAt: state.subscriptionEventAt,
    };
    const draft = { ...before };
    await mutate(draft, state);
    const changed = (Object.keys(before) as Array<keyof SubscriptionDraft>).some((k) => !same(before[k], draft[k]));
    if (!changed) return false;
    Object.assign(state, {
      billingCycle: draft.billingCycle,
      paidSeats: draft.paidSeats,
      currentPeriodEnd: draft.currentPeriodEnd,
      cancelAtPeriodEnd: draft.cancelAtPeriodEnd,
      graceEndsAt: draft.graceEndsAt,
      stripeCustomerId: draft.stripeCustomerId,
      stripeSubscriptionId: draft.stripeSubscriptionId,
      stripeSubscriptionItemId: draft.stripeSubscriptionItemId,
      subscriptionEventAt: draft.subscriptionEventAt,
    });
    await this.repo.saveState(state, m);
    const nextBillingDate = draft.currentPeriodEnd ? zurichDay(draft.currentPeriodEnd) : null;
    await this.repo.updateCompanySubscription(
      companyId,
      { subscriptionStatus: draft.status, billingCycle: draft.billingCycle, nextBillingDate },
      m,
    );
    if (VISIBLE.some((k) => !same(before[k], draft[k]))) {
      await enqueueEvent(m, {
        type: 'auth.company.subscription-changed',
        companyId,
        actorId: null,
        requestId: currentRequestId(),
        data: {
          status: draft.status,
          billingCycle: draft.billingCycle,
          paidSeats: draft.paidSeats,
          nextBillingDate,
          cancelAtPeriodEnd: draft.cancelAtPeriodEnd,
          gracePeriodEndsAt: draft.graceEndsAt?.toISOString() ?? null,
          reason,
        },
      });
    }
    return true;
  }
}
