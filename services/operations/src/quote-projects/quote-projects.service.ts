import { serverMessage } from '@zunft/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { TenantScope, enqueueEvent, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { ActivitiesService } from '../activities/index.js';
import { staffName } from '../common/staff-name.js';
import { CustomersService } from '../customers/index.js';
import { DirectoryService } from '../directory/index.js';
import { ProjectsService } from '../projects/index.js';

/** The project title column holds 200 characters. */
const TITLE_MAX = 200;

const yearIn = (timeZone: string, now = new Date()) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));

/** «Aus Angebot A-2026-001», then the quote's description (if any) after a blank line. */
export const quoteProjectDescription = (quoteNumber: string, description: string | null) =>
  description?.trim() ? `Aus Angebot ${quoteNumber}\n\n${description.trim()}` : `Aus Angebot ${quoteNumber}`;

export type QuoteProjectOutcome = 'created' | 'exists' | 'customer_missing';

/**
 * A project for an accepted quote (billing asks with `billing.quote.project-requested`): status
 * planned, the quote's customer, title and description, the next project number. Once per quote:
 * a second request for the same quote (another event, a replay) finds the project by
 * `source_quote_id` and does nothing; the unique index settles concurrent requests.
 * Runs inside the consumer's transaction.
 */
@Injectable()
export class QuoteProjectsService {
  private readonly logger = new Logger(QuoteProjectsService.name);

  constructor(
    private readonly projects: ProjectsService,
    private readonly customers: CustomersService,
    private readonly directory: DirectoryService,
    private readonly activities: ActivitiesService,
  ) {}

  async createFromQuote(
    m: EntityManager,
    event: DomainEvent<'billing.quote.project-requested'>,
  ): Promise<QuoteProjectOutcome> {
    const { data } = event;
    const scope = TenantScope.forSystem(event.companyId);
    const log = { companyId: event.companyId, quoteId: data.quoteId, eventId: event.id };

    const existing = await this.projects.findBySourceQuote(m, scope, data.quoteId);
    if (existing) {
      this.logger.log({ msg: 'project of quote exists already', ...log, projectId: existing });
      return 'exists';
    }
    // projects need a customer; one deleted (or of another company) since the quote: nothing to create
    if (!(await this.customers.exists(m, scope, data.customerId))) {
      this.logger.warn({ msg: 'quote project not created: customer not found', ...log, customerId: data.customerId });
      return 'customer_missing';
    }

    const settings = await this.directory.settings(m, scope);
    const projectNumber = await this.projects.nextNumber(m, scope, yearIn(settings.timezone));
    const id = await this.projects.insertFromQuote(m, scope, {
      customerId: data.customerId,
      title: data.title.trim().slice(0, TITLE_MAX) || `Angebot ${data.quoteNumber}`,
      projectNumber,
      description: quoteProjectDescription(data.quoteNumber, data.description),
      createdBy: data.requestedBy,
      sourceQuoteId: data.quoteId,
    });
    if (!id) return 'exists';

    const project = (await this.projects.find(m, scope, id, null))!;
    await this.activities.record(m, scope, {
      type: 'project_created',
      message: serverMessage('activity.project_from_quote', {
        title: project.title,
        number: project.project_number,
        quoteNumber: data.quoteNumber,
      }),
      userId: data.requestedBy,
      userName: await staffName(m, scope, data.requestedBy),
      entityId: id,
    });
    await enqueueEvent(m, {
      type: 'operations.project.created',
      companyId: event.companyId,
      actorId: data.requestedBy,
      requestId: event.requestId ?? null,
      data: {
        projectId: project.id,
        customerId: project.customer_id,
        title: project.title,
        projectNumber: project.project_number,
        status: project.status,
        assignedUserIds: [],
        sourceQuoteId: data.quoteId,
      },
    });
    this.logger.log({ msg: 'project created from quote', ...log, projectId: id });
    return 'created';
  }
}
