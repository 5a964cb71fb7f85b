import { Injectable } from '@nestjs/common';
import type { SubscriptionStatus } from '@zunft/contracts';
import type { EntityManager } from 'typeorm';

/**
 * What billing's copy of a company knows for the trial's mail limit (issue 25): whether the owner's
 * address is confirmed and the subscription status. Written by the auth events (upserts: the row may
 * not exist yet), read where mails are stored (`mails/`, through `customerMailLimited` of the door).
 */
@Injectable()
export class CompanyMailStatusRepository {
  async setEmailVerified(manager: EntityManager, companyId: string, verified: boolean): Promise<void> {
    await manager.query(
      `INSERT INTO companies (id, email_verified) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET email_verified = EXCLUDED.email_verified, updated_at = now()`,
      [companyId, verified],
    );
  }

  async setSubscriptionStatus(manager: EntityManager, companyId: string, status: SubscriptionStatus): Promise<void> {
    await manager.query(
      `INSERT INTO companies (id, subscription_status) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET subscription_status = EXCLUDED.subscription_status, updated_at = now()`,
      [companyId, status],
    );
  }

  /**
   * Whether the daily limit of customer mails applies: the owner's address is unconfirmed and the
   * company does not pay (trial, or a status billing has not heard of yet). Unknown company: no.
   */
  async customerMailLimited(manager: EntityManager, companyId: string): Promise<boolean> {
    const [row] = (await manager.query(
      `SELECT NOT email_verified AND subscription_status IS DISTINCT FROM 'active' AS limited
         FROM companies WHERE id = $1`,
      [companyId],
    )) as { limited: boolean }[];
    return row?.limited ?? false;
  }
}

const mailStatus = new CompanyMailStatusRepository();

/**
 * `CompanyMailStatusRepository.customerMailLimited` for code without Nest DI: `MailStore` (mails/)
 * checks the trial's daily limit in the transaction that stores the mail (`manager`).
 */
export const customerMailLimited = (manager: EntityManager, companyId: string): Promise<boolean> =>
  mailStatus.customerMailLimited(manager, companyId);
