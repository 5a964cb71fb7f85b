import { Injectable } from '@nestjs/common';
import { IdempotentConsumer, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { RetentionService } from '../retention.service.js';

/** auth.company.closed: operations notes the closing; its daily retention removes the data in time. */
@Injectable()
export class CompanyClosedConsumer extends IdempotentConsumer {
  readonly durableName = 'operations-retention';
  readonly filterSubjects = ['auth.company.closed'];

  constructor(private readonly retention: RetentionService) {
    super();
  }

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type === 'auth.company.closed') {
      await this.retention.companyClosed(manager, event.companyId, event.data.closedAt);
    }
  }
}
