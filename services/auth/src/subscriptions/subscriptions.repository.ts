import { Injectable } from '@nestjs/common';
import type { BillingCycle, SubscriptionStatus } from '@zunft/contracts';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import { CompanyEntity } from '../companies/company.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { SubscriptionPaymentEntity } from './subscription-payment.entity.js';
import { SubscriptionStateEntity } from './subscription-state.entity.js';

/** The subscription tables; every query is scoped by company (webhooks resolve it first). */
@Injectable()
export class SubscriptionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private manager(m?: EntityManager) {
    return m ?? this.dataSource.manager;
  }

  findState(companyId: string, m?: EntityManager): Promise<SubscriptionStateEntity | null> {
    return this.manager(m).findOneBy(SubscriptionStateEntity, { companyId });
  }

  /** The company's row, created if missing, locked for the transaction (one writer per company). */
  async lockState(companyId: string, m: EntityManager): Promise<SubscriptionStateEntity> {
    await m.query(`INSERT INTO company_subscriptions (company_id) VALUES ($1) ON CONFLICT DO NOTHING`, [companyId]);
    return (await m
      .getRepository(SubscriptionStateEntity)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.company_id = :companyId', { companyId })
      .getOne())!;
  }

  /** Locks the row only when it exists (user creation must not create rows for trial companies). */
  lockExistingState(companyId: string, m: EntityManager): Promise<SubscriptionStateEntity | null> {
    return m
      .getRepository(SubscriptionStateEntity)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.company_id = :companyId', { companyId })
      .getOne();
  }

  saveState(state: SubscriptionStateEntity, m: EntityManager): Promise<SubscriptionStateEntity> {
    return m.save(SubscriptionStateEntity, state);
  }

  async companyIdForCustomer(customerId: string, m: EntityManager): Promise<string | null> {
    return (await m.findOneBy(SubscriptionStateEntity, { stripeCustomerId: customerId }))?.companyId ?? null;
  }

  async companyExists(companyId: string, m: EntityManager): Promise<boolean> {
    return (await m.countBy(CompanyEntity, { id: companyId })) > 0;
  }

  findCompany(companyId: string, m?: EntityManager): Promise<CompanyEntity | null> {
    return this.manager(m).findOneBy(CompanyEntity, { id: companyId });
  }

  async updateCompanySubscription(
    companyId: string,
    patch: {
      subscriptionStatus: SubscriptionStatus;
      billingCycle: BillingCycle | null;
      nextBillingDate: string | null;
    },
    m: EntityManager,
  ): Promise<void> {
    await m.update(CompanyEntity, { id: companyId }, patch);
  }

  /** Active users that take a paid seat: a fiduciary (accountant) is not an employee and takes none (issue 26). */
  countActiveUsers(companyId: string, m?: EntityManager): Promise<number> {
    return this.manager(m).countBy(UserEntity, {
      companyId,
      isActive: true,
      deletedAt: IsNull(),
      role: Not('accountant'),
    });
  }

  /** True when the id is new (first delivery); a parallel delivery waits for this one's commit. */
  async recordEvent(id: string, type: string, companyId: string | null, m: EntityManager): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `INSERT INTO stripe_events (id, type, company_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id`,
      [id, type, companyId],
    );
    return rows.length === 1;
  }

  insertPayment(payment: Omit<SubscriptionPaymentEntity, 'createdAt' | 'paidAt' | 'status'>, m?: EntityManager) {
    return this.manager(m).insert(SubscriptionPaymentEntity, { ...payment, status: 'pending', paidAt: null });
  }

  findPaymentBySessionForUpdate(sessionId: string, m: EntityManager): Promise<SubscriptionPaymentEntity | null> {
    return m
      .getRepository(SubscriptionPaymentEntity)
      .createQueryBuilder('p')
      .setLock('pessimistic_write')
      .where('p.stripe_session_id = :sessionId', { sessionId })
      .getOne();
  }

  findPayment(companyId: string, id: string, m?: EntityManager): Promise<SubscriptionPaymentEntity | null> {
    return this.manager(m).findOneBy(SubscriptionPaymentEntity, { companyId, id });
  }

  findPaymentsOfUser(companyId: string, userId: string, m?: EntityManager): Promise<SubscriptionPaymentEntity[]> {
    return this.manager(m).find(SubscriptionPaymentEntity, {
      where: { companyId, userId },
      order: { createdAt: 'DESC' },
    });
  }

  async markPaymentPaid(id: string, m: EntityManager): Promise<void> {
    await m.update(SubscriptionPaymentEntity, { id, status: 'pending' }, { status: 'paid', paidAt: new Date() });
  }

  async cancelPendingPaymentsOfUser(companyId: string, userId: string, m: EntityManager): Promise<number> {
    const result = await m.update(
      SubscriptionPaymentEntity,
      { companyId, userId, status: 'pending' },
      { status: 'cancelled' },
    );
    return result.affected ?? 0;
  }

  /** Trial companies whose trial ended before `before`, without subscription and not yet flagged. */
  async expiredTrialsToFlag(before: Date, m: EntityManager): Promise<Array<{ id: string; trialEndsAt: Date }>> {
    const rows: Array<{ id: string; trial_ends_at: Date }> = await m.query(
      `SELECT c.id, c.trial_ends_at FROM companies c
         LEFT JOIN company_subscriptions s ON s.company_id = c.id
        WHERE c.subscription_status = 'trial' AND c.trial_ends_at < $1
          AND (s.company_id IS NULL OR (s.marked_for_deletion_at IS NULL AND s.stripe_subscription_id IS NULL))
        ORDER BY c.trial_ends_at LIMIT 500`,
      [before],
    );
    return rows.map((r) => ({ id: r.id, trialEndsAt: r.trial_ends_at }));
  }

  /** Companies whose grace period after a failed payment is over. */
  async graceExpired(now: Date, m: EntityManager): Promise<string[]> {
    const rows: Array<{ company_id: string }> = await m.query(
      `SELECT s.company_id FROM company_subscriptions s JOIN companies c ON c.id = s.company_id
        WHERE s.grace_ends_at IS NOT NULL AND s.grace_ends_at <= $1 AND c.subscription_status = 'active'
        LIMIT 500`,
      [now],
    );
    return rows.map((r) => r.company_id);
  }
}
