import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DATA_RETENTION_DAYS_AFTER_TRIAL } from '@zunft/contracts';
import { enqueueEvent } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionStateService } from './subscription-state.service.js';

const DAY_MS = 86_400_000;

/**
 * The daily job: suspends companies whose grace period after a failed payment ran out, and flags
 * companies 90 days after their trial without a subscription for deletion (flag + event; nothing
 * is deleted yet). Every run is idempotent, so several instances or a rerun do no harm.
 */
@Injectable()
export class SubscriptionMaintenance implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SubscriptionMaintenance');
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: SubscriptionsRepository,
    private readonly state: SubscriptionStateService,
  ) {}

  onApplicationBootstrap(): void {
    const run = () => void this.run().catch((error) => this.logger.error(`maintenance failed: ${String(error)}`));
    const first = setTimeout(run, 60_000);
    const daily = setInterval(run, DAY_MS);
    first.unref();
    daily.unref();
    this.timers = [first, daily];
  }

  onApplicationShutdown(): void {
    this.timers.forEach((t) => clearTimeout(t));
  }

  async run(now = new Date()): Promise<{ suspended: number; markedForDeletion: number }> {
    let suspended = 0;
    for (const companyId of await this.repo.graceExpired(now, this.dataSource.manager)) {
      const changed = await this.dataSource.transaction((m) =>
        this.state.change(m, companyId, 'grace_period_over', (d) => {
          if (d.status === 'active' && d.graceEndsAt && d.graceEndsAt <= now) {
            d.status = 'suspended';
            d.graceEndsAt = null;
          }
        }),
      );
      if (changed) suspended++;
    }
    let markedForDeletion = 0;
    const before = new Date(now.getTime() - DATA_RETENTION_DAYS_AFTER_TRIAL * DAY_MS);
    for (const company of await this.repo.expiredTrialsToFlag(before, this.dataSource.manager)) {
      await this.dataSource.transaction(async (m) => {
        const state = await this.repo.lockState(company.id, m);
        if (state.markedForDeletionAt || state.stripeSubscriptionId) return;
        state.markedForDeletionAt = now;
        await this.repo.saveState(state, m);
        await enqueueEvent(m, {
          type: 'auth.company.marked-for-deletion',
          companyId: company.id,
          actorId: null,
          data: { trialEndedAt: company.trialEndsAt.toISOString(), markedAt: now.toISOString() },
        });
        markedForDeletion++;
      });
    }
    if (suspended || markedForDeletion)
      this.logger.log(`suspended ${suspended}, marked for deletion ${markedForDeletion}`);
    return { suspended, markedForDeletion };
  }
}
