import { Injectable } from '@nestjs/common';
import { IdempotentConsumer, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { DirectoryService } from './directory.service.js';

/** Customers and projects from the operations service. */
@Injectable()
export class OperationsEventsConsumer extends IdempotentConsumer {
  readonly durableName = 'billing-operations-directory';
  readonly filterSubjects = [
    'operations.customer.created',
    'operations.customer.updated',
    'operations.customer.deleted',
    'operations.project.created',
    'operations.project.updated',
    'operations.project.deleted',
  ];

  constructor(private readonly directory: DirectoryService) {
    super();
  }

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    switch (event.type) {
      case 'operations.customer.created':
      case 'operations.customer.updated':
        return this.directory.applyCustomer(manager, event.companyId, event.data);
      case 'operations.customer.deleted':
        return this.directory.deleteCustomer(manager, event.companyId, event.data.customerId);
      case 'operations.project.created':
      case 'operations.project.updated':
        return this.directory.applyProject(manager, event.companyId, event.data);
      case 'operations.project.deleted':
        return this.directory.deleteProject(manager, event.companyId, event.data.projectId);
      default:
        return;
    }
  }
}
