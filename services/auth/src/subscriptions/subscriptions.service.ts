import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  SUBSCRIPTION_MESSAGES,
  type AccessTokenClaims,
  type BillingCycle,
  type CancelSubscriptionResponse,
  type CheckoutResponse,
  type PaymentCalculation,
  type SubscriptionStatusResponse,
} from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { CompanyErrors, CompanyRecords } from '../companies/index.js';
import { AUTH_CONFIG } from '../config/auth-config.module.js';
import type { AuthConfig } from '../config/auth.config.js';
import { UserRecords, type UserEntity } from '../users/index.js';
import { calculateAdditionalUser, pricePerUser, toRappen, zurichDay } from './pricing.js';
import { STANDIN_STRIPE_CONFIG, STRIPE_CLIENT } from './stripe.client.js';
import { toSubscriptionStatusResponse } from './subscriptions.dto.js';
import { SubscriptionErrors } from './subscriptions.errors.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionStateService } from './subscription-state.service.js';

/** Stripe's smallest CHF charge; a smaller pro-rata amount is charged as this. */
export const STRIPE_MINIMUM_CHF = 0.5;

export interface CreateSubscriptionInput {
  plan_id: 1 | 2;
  billing_cycle: BillingCycle;
  payment_method: 'stripe' | 'twint';
  auto_renew: boolean;
}
export interface CreateUserAdditionInput {
  user_id?: string | undefined;
  payment_method: 'stripe' | 'twint';
}

/**
 * The company's own subscription: status, Checkout for the subscription and for one more seat,
 * cancellation at period end. Amounts are computed here; what Stripe reports back comes through
 * the webhook (StripeWebhookService), never through the browser.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger('Subscriptions');

  constructor(
    private readonly dataSource: DataSource,
    private readonly companies: CompanyRecords,
    private readonly users: UserRecords,
    private readonly repo: SubscriptionsRepository,
    private readonly state: SubscriptionStateService,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  private get keys() {
    return this.config.stripe ?? STANDIN_STRIPE_CONFIG;
  }

  async status(actor: AccessTokenClaims): Promise<SubscriptionStatusResponse> {
    const scope = TenantScope.fromClaims(actor);
    const company = await this.companies.find(scope);
    if (!company) throw CompanyErrors.notFound();
    const state = await this.repo.findState(company.id);
    return toSubscriptionStatusResponse(company, await this.users.countActive(scope), new Date(), state);
  }

  async create(actor: AccessTokenClaims, input: CreateSubscriptionInput): Promise<CheckoutResponse> {
    if (input.payment_method === 'twint') throw SubscriptionErrors.twintUnavailable();
    const company = await this.repo.findCompany(actor.companyId);
    if (!company) throw CompanyErrors.notFound();
    const state = await this.repo.findState(company.id);
    if (company.subscriptionStatus === 'active' && state?.stripeSubscriptionId && !state.cancelAtPeriodEnd) {
      throw SubscriptionErrors.alreadyActive();
    }
    const seats = Math.max(1, await this.repo.countActiveUsers(company.id));
    const price = pricePerUser(input.billing_cycle);
    const customer = await this.ensureCustomer(company.id, company.name, company.email);
    const transactionId = randomUUID();
    const session = await this.callStripe(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer,
          client_reference_id: company.id,
          locale: 'de',
          line_items: [
            {
              quantity: seats,
              price_data: {
                currency: 'chf',
                unit_amount: toRappen(price),
                recurring: { interval: input.billing_cycle === 'yearly' ? 'year' : 'month' },
                product_data: {
                  name:
                    input.billing_cycle === 'yearly'
                      ? 'Zunft Jahresabo pro Mitarbeiter'
                      : 'Zunft Monatsabo pro Mitarbeiter',
                },
              },
            },
          ],
          metadata: { company_id: company.id, transaction_id: transactionId, kind: 'subscription' },
          subscription_data: { metadata: { company_id: company.id } },
          success_url: `${this.config.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${this.config.appUrl}/payment?status=cancelled`,
        },
        { idempotencyKey: transactionId },
      ),
    );
    const amount = Math.round(seats * price * 100) / 100;
    await this.repo.insertPayment({
      id: transactionId,
      companyId: company.id,
      kind: 'subscription',
      userId: null,
      billingCycle: input.billing_cycle,
      quantity: seats,
      amount,
      stripeSessionId: session.id,
    });
    return this.checkoutAnswer(transactionId, amount, session);
  }

  /** One more seat for a user created inactive: Checkout for the pro-rata amount computed here. */
  async createUserAddition(
    actor: AccessTokenClaims,
    input: CreateUserAdditionInput,
  ): Promise<CheckoutResponse & { payment_calculation: PaymentCalculation; userId: string }> {
    if (input.payment_method === 'twint') throw SubscriptionErrors.twintUnavailable();
    const company = await this.repo.findCompany(actor.companyId);
    if (!company) throw CompanyErrors.notFound();
    const state = await this.repo.findState(company.id);
    if (company.subscriptionStatus !== 'active' || !state?.stripeSubscriptionId || !company.nextBillingDate) {
      throw SubscriptionErrors.noSubscription();
    }
    const user = await this.pendingUser(company.id, input.user_id);
    if ((await this.repo.countActiveUsers(company.id)) < state.paidSeats) throw SubscriptionErrors.seatAvailable();
    const calc = calculateAdditionalUser(
      state.billingCycle ?? company.billingCycle ?? 'monthly',
      company.nextBillingDate,
      zurichDay(new Date()),
    );
    const amount = Math.max(calc.prorata_amount, STRIPE_MINIMUM_CHF);
    const customer = await this.ensureCustomer(company.id, company.name, company.email);
    const transactionId = randomUUID();
    const metadata = { company_id: company.id, transaction_id: transactionId, kind: 'user_addition', user_id: user.id };
    const back = `${this.config.appUrl}/users?transaction_id=${transactionId}`;
    const session = await this.callStripe(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer,
          client_reference_id: company.id,
          locale: 'de',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'chf',
                unit_amount: toRappen(amount),
                product_data: { name: `${calc.description}: ${user.firstName} ${user.lastName}` },
              },
            },
          ],
          metadata,
          payment_intent_data: { metadata },
          success_url: `${back}&payment=success`,
          cancel_url: `${back}&payment=cancelled`,
        },
        { idempotencyKey: transactionId },
      ),
    );
    await this.repo.insertPayment({
      id: transactionId,
      companyId: company.id,
      kind: 'user_addition',
      userId: user.id,
      billingCycle: calc.billing_cycle,
      quantity: 1,
      amount,
      stripeSessionId: session.id,
    });
    return { ...this.checkoutAnswer(transactionId, amount, session), payment_calculation: calc, userId: user.id };
  }

  /** Cancels at the end of the paid period (Stripe's cancel_at_period_end); the webhook confirms it. */
  async cancel(actor: AccessTokenClaims): Promise<CancelSubscriptionResponse> {
    const company = await this.repo.findCompany(actor.companyId);
    const state = await this.repo.findState(actor.companyId);
    if (!company || company.subscriptionStatus !== 'active' || !state?.stripeSubscriptionId) {
      throw SubscriptionErrors.noSubscription();
    }
    const subscriptionId = state.stripeSubscriptionId;
    await this.callStripe(() => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    await this.dataSource.transaction((m) =>
      this.state.change(m, actor.companyId, 'cancel_requested', (d) => {
        d.cancelAtPeriodEnd = true;
      }),
    );
    return {
      message: SUBSCRIPTION_MESSAGES.cancelled,
      cancel_at_period_end: true,
      next_billing_date: company.nextBillingDate,
    };
  }

  private async pendingUser(companyId: string, userId: string | undefined): Promise<UserEntity> {
    const user = await this.users.findPendingActivation(companyId, userId);
    if (!user || user.isActive) throw SubscriptionErrors.noPendingUser();
    return user;
  }

  private async ensureCustomer(companyId: string, name: string, email: string | null): Promise<string> {
    const existing = (await this.repo.findState(companyId))?.stripeCustomerId;
    if (existing) return existing;
    const customer = await this.callStripe(() =>
      this.stripe.customers.create(
        { name, ...(email ? { email } : {}), metadata: { company_id: companyId }, preferred_locales: ['de'] },
        { idempotencyKey: `customer-${companyId}` },
      ),
    );
    await this.dataSource.transaction(async (m) => {
      const state = await this.repo.lockState(companyId, m);
      if (!state.stripeCustomerId) {
        state.stripeCustomerId = customer.id;
        await this.repo.saveState(state, m);
      }
    });
    return (await this.repo.findState(companyId))!.stripeCustomerId!;
  }

  private checkoutAnswer(transactionId: string, amount: number, session: Stripe.Checkout.Session): CheckoutResponse {
    return {
      transaction_id: transactionId,
      payment_provider: 'stripe',
      amount,
      next_step: 'redirect_to_checkout',
      stripe: { checkout_url: session.url!, session_id: session.id, public_key: this.keys.publishableKey },
    };
  }

  private async callStripe<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.logger.error(`Stripe call failed: ${(error as Error).message}`);
      throw SubscriptionErrors.provider();
    }
  }
}
