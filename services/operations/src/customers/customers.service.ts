import { serverMessage } from '@zunft/contracts';
import { Injectable } from '@nestjs/common';
import type {
  CustomerDto,
  CustomerListQueryParsed,
  CustomerRequestParsed,
  CustomerStatsResponse,
  MessageResponse,
  PaginatedResponse,
} from '@zunft/contracts';
import { currentRequestId, enqueueEvent, successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivitiesService } from '../activities/index.js';
import { readsAllRecords, type Actor } from '../common/actor.js';
import { OperationsErrors, isForeignKeyViolation, isUniqueViolation } from '../common/operations.errors.js';
import { staffName } from '../common/staff-name.js';
import { CustomersRepository } from './customers.repository.js';

@Injectable()
export class CustomersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: CustomersRepository,
    private readonly activities: ActivitiesService,
  ) {}

  /** The whole list, or one page with `page`, `pageSize` or `cursor`. */
  list(actor: Actor, query: CustomerListQueryParsed): Promise<CustomerDto[] | PaginatedResponse<CustomerDto>> {
    const scope = TenantScope.fromClaims(actor);
    const filter = {
      search: query.search ?? null,
      assignedTo: readsAllRecords(actor) ? null : actor.userId,
      includeArchived: query.includeArchived ?? false,
    };
    return this.repo.list(this.dataSource.manager, scope, filter, query);
  }

  /** The stat cards of the customers screen over every customer the actor may read (not one page). */
  stats(actor: Actor): Promise<CustomerStatsResponse> {
    return this.repo.stats(
      this.dataSource.manager,
      TenantScope.fromClaims(actor),
      readsAllRecords(actor) ? null : actor.userId,
    );
  }

  /**
   * Door for other rooms (projects, quote projects): whether the customer exists in the company,
   * read inside the caller's transaction.
   */
  exists(m: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    return this.repo.exists(m, scope, id);
  }

  async get(actor: Actor, id: string): Promise<CustomerDto> {
    const customer = await this.repo.find(
      this.dataSource.manager,
      TenantScope.fromClaims(actor),
      id,
      readsAllRecords(actor) ? null : actor.userId,
    );
    if (!customer) throw OperationsErrors.customerNotFound();
    return customer;
  }

  async create(actor: Actor, input: CustomerRequestParsed): Promise<CustomerDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.write(async (m) => {
      const customerNumber = input.customerNumber ?? (await this.repo.nextNumber(m, scope));
      const customer = await this.repo.insert(m, scope, { ...input, customerNumber });
      await this.activities.record(m, scope, {
        type: 'customer_added',
        message: serverMessage('activity.customer_added', { name: customer.name }),
        userId: actor.userId,
        userName: await staffName(m, scope, actor.userId),
        entityId: customer.id,
      });
      await this.publish(m, actor, 'operations.customer.created', customer);
      return customer;
    });
  }

  /** `body` is read (and validated) once the customer is found: another company's id answers 404 first. */
  async update(actor: Actor, id: string, body: () => CustomerRequestParsed): Promise<CustomerDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.write(async (m) => {
      const current = await this.repo.find(m, scope, id, null);
      if (!current) throw OperationsErrors.customerNotFound();
      const input = body();
      const customerNumber = input.customerNumber ?? current.customer_number;
      const customer = (await this.repo.update(m, scope, id, { ...input, customerNumber }))!;
      await this.publish(m, actor, 'operations.customer.updated', customer);
      return customer;
    });
  }

  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    try {
      await this.dataSource.transaction(async (m) => {
        // Issued invoices and what hangs on them (credit notes, reminders, payments) are kept 10 years
        // (OR 958f, GeBüV art. 9); time records 5 years through the customer's projects (ArGV 1 art. 73,
        // fk_projects_customer below): such a customer is archived, never deleted.
        if (await this.repo.recordsKept(m, scope, id)) throw OperationsErrors.customerHasRecords();
        if (!(await this.repo.delete(m, scope, id))) throw OperationsErrors.customerNotFound();
        await enqueueEvent(m, {
          type: 'operations.customer.deleted',
          companyId: actor.companyId,
          actorId: actor.userId,
          requestId: currentRequestId(),
          data: { customerId: id },
        });
      });
    } catch (error) {
      if (isForeignKeyViolation(error, 'fk_projects_customer')) throw OperationsErrors.customerHasProjects();
      throw error;
    }
    return { message: successMessage('success.customer_deleted') };
  }

  /**
   * Archives (true) or restores (false) a customer (issue 26): an archived customer is hidden from
   * the lists and pickers but stays in every record, e.g. one that cannot be deleted (OR 958f).
   */
  async setArchived(actor: Actor, id: string, archived: boolean): Promise<CustomerDto> {
    // billing's copy learns it from the event and refuses the customer for new documents.
    const customer = await this.dataSource.transaction(async (m) => {
      const changed = await this.repo.setArchived(m, TenantScope.fromClaims(actor), id, archived);
      if (changed) await this.publish(m, actor, 'operations.customer.updated', changed);
      return changed;
    });
    if (!customer) throw OperationsErrors.customerNotFound();
    return customer;
  }

  private async write<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(fn);
    } catch (error) {
      if (isUniqueViolation(error, 'uq_customers_company_number')) throw OperationsErrors.customerNumberTaken();
      throw error;
    }
  }

  private publish(
    m: EntityManager,
    actor: Actor,
    type: 'operations.customer.created' | 'operations.customer.updated',
    c: CustomerDto,
  ) {
    return enqueueEvent(m, {
      type,
      companyId: actor.companyId,
      actorId: actor.userId,
      requestId: currentRequestId(),
      data: {
        customerId: c.id,
        name: c.name,
        customerNumber: c.customer_number,
        contactPerson: c.contact_person,
        email: c.email,
        phone: c.phone,
        address: c.address,
        zip: c.zip,
        city: c.city,
        archivedAt: c.archived_at ?? null,
        country: c.country,
        poBox: c.po_box,
        language: c.language,
      },
    });
  }
}
