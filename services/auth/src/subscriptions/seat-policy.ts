import { Injectable } from '@nestjs/common';
import type { PaymentCalculation } from '@zunft/contracts';
import type { EntityManager } from 'typeorm';
import { calculateAdditionalUser, zurichDay } from './pricing.js';
import type { SubscriptionPaymentEntity } from './subscription-payment.entity.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * Paid seats: while a company pays, every active user (admin included) needs a seat. One more
 * active user than seats needs a payment first (pro rata to the next billing date). Trials have
 * any number of users.
 */
@Injectable()
export class SeatPolicy {
  constructor(private readonly repo: SubscriptionsRepository) {}

  /**
   * The calculation when activating one more user needs a payment, else null. Locks the company's
   * subscription row, so two parallel creations cannot both take the last seat.
   */
  async paymentForOneMore(companyId: string, m: EntityManager, now = new Date()): Promise<PaymentCalculation | null> {
    const company = await this.repo.findCompany(companyId, m);
    if (!company || company.subscriptionStatus !== 'active') return null;
    const state = await this.repo.lockExistingState(companyId, m);
    if (!state?.stripeSubscriptionId || !company.nextBillingDate) return null;
    const active = await this.repo.countActiveUsers(companyId, m);
    if (active < state.paidSeats) return null;
    return calculateAdditionalUser(
      state.billingCycle ?? company.billingCycle ?? 'monthly',
      company.nextBillingDate,
      zurichDay(now),
    );
  }

  /** A seat payment (checkout of one more user) of the company, by its id; null if unknown. */
  seatPayment(companyId: string, paymentId: string): Promise<SubscriptionPaymentEntity | null> {
    return this.repo.findPayment(companyId, paymentId);
  }

  /** The seat payments made for one user, newest first. */
  seatPaymentsOfUser(companyId: string, userId: string, m: EntityManager): Promise<SubscriptionPaymentEntity[]> {
    return this.repo.findPaymentsOfUser(companyId, userId, m);
  }

  /** Cancels the user's pending seat payments (the admin gave up the new user); how many there were. */
  cancelPendingSeatPayments(companyId: string, userId: string, m: EntityManager): Promise<number> {
    return this.repo.cancelPendingPaymentsOfUser(companyId, userId, m);
  }
}
