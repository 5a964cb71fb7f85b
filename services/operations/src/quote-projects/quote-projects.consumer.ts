import { Injectable } from '@nestjs/common';
import { IdempotentConsumer, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { QuoteProjectsService } from './quote-projects.service.js';

/** Projects for accepted quotes (thin: parsing is done by the base class). */
@Injectable()
export class QuoteProjectsConsumer extends IdempotentConsumer {
  readonly durableName = 'operations-quote-projects';
  readonly filterSubjects = ['billing.quote.project-requested'];

  constructor(private readonly quoteProjects: QuoteProjectsService) {
    super();
  }

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type === 'billing.quote.project-requested') {
      await this.quoteProjects.createFromQuote(manager, event);
    }
  }
}
