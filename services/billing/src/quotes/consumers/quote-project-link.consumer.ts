import { Injectable } from '@nestjs/common';
import { IdempotentConsumer, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { QuotesRepository } from '../quotes.repository.js';

/**
 * The quote ↔ project link from operations' events: a project created from a quote
 * (`sourceQuoteId`) links that quote; a deleted project unlinks its quotes. Scoped by the event's
 * company, so another company's project naming this quote changes nothing.
 */
@Injectable()
export class QuoteProjectLinkConsumer extends IdempotentConsumer {
  readonly durableName = 'billing-quotes-project-link';
  readonly filterSubjects = ['operations.project.created', 'operations.project.deleted'];

  constructor(private readonly quotes: QuotesRepository) {
    super();
  }

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    switch (event.type) {
      case 'operations.project.created': {
        const { sourceQuoteId, projectId } = event.data;
        if (!sourceQuoteId) return;
        const linked = await this.quotes.linkToProject(manager, event.companyId, sourceQuoteId, projectId);
        if (linked) this.logger.log({ msg: 'quote linked to project', quoteId: sourceQuoteId, projectId });
        return;
      }
      case 'operations.project.deleted':
        await this.quotes.unlinkProject(manager, event.companyId, event.data.projectId);
        return;
      default:
        return;
    }
  }
}
