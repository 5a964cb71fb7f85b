import { Injectable } from '@nestjs/common';
import {
  assertDailyQuotaRoom,
  consumeDailyQuota,
  dailyQuotaLimits,
  releaseDailyQuota,
  type DailyQuotaLimits,
  type QuotaTier,
} from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Billing's daily quotas per company (issue 25; counters and limits: nest-common `quotas/`): PDF
 * renders by the worker (German 429) and uploaded bytes, photos and signatures (German 413). The
 * tier comes from billing's copy of the company: `trial`, `suspended` and `cancelled` get the trial
 * limits, `active` (and companies whose status was never copied, from before issue 25) the paid ones.
 */
@Injectable()
export class CompanyQuotas {
  readonly limits: DailyQuotaLimits;

  constructor(private readonly dataSource: DataSource) {
    this.limits = dailyQuotaLimits();
  }

  async tier(manager: EntityManager, companyId: string): Promise<QuotaTier> {
    const [row] = (await manager.query(`SELECT subscription_status FROM companies WHERE id = $1`, [companyId])) as {
      subscription_status: string | null;
    }[];
    const status = row?.subscription_status ?? null;
    return status === null || status === 'active' ? 'paid' : 'trial';
  }

  /** One PDF render (its own statement, committed at once); PdfRenderQuotaError when used up. */
  async consumeRender(companyId: string): Promise<void> {
    const m = this.dataSource.manager;
    const limit = this.limits[await this.tier(m, companyId)].pdf_renders;
    await consumeDailyQuota(m, { companyId, kind: 'pdf_renders', amount: 1, limit });
  }

  /** The render did not happen (no worker in time): it does not count. */
  async releaseRender(companyId: string): Promise<void> {
    await releaseDailyQuota(this.dataSource.manager, { companyId, kind: 'pdf_renders', amount: 1 });
  }

  /** StorageQuotaError (413) when `bytes` more would not fit today; counts nothing (a check before a render). */
  async assertStorageRoom(companyId: string, bytes: number): Promise<void> {
    const m = this.dataSource.manager;
    const limit = this.limits[await this.tier(m, companyId)].storage_bytes;
    await assertDailyQuotaRoom(m, { companyId, kind: 'storage_bytes', amount: bytes, limit });
  }

  /**
   * `bytes` uploaded, counted in the transaction that stores them (a rollback gives them back);
   * StorageQuotaError (413) when the day's allowance would be exceeded.
   */
  async consumeStorage(manager: EntityManager, companyId: string, bytes: number): Promise<void> {
    const limit = this.limits[await this.tier(manager, companyId)].storage_bytes;
    await consumeDailyQuota(manager, { companyId, kind: 'storage_bytes', amount: bytes, limit });
  }
}
