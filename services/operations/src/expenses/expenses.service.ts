import { Injectable, StreamableFile } from '@nestjs/common';
import {
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_MESSAGES,
  expenseVatRate,
  type CreateExpenseRequestParsed,
  type ExpenseDto,
  type ExpenseListQueryParsed,
  type PaginatedResponse,
  type ExpenseStatsResponse,
  type MessageResponse,
  type UpdateExpenseRequestParsed,
  serverMessage,
} from '@zunft/contracts';
import { TenantScope, currentRequestId, enqueueEvent } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivitiesService } from '../activities/index.js';
import { isOffice, type Actor } from '../common/actor.js';
import { OperationsErrors } from '../common/operations.errors.js';
import { staffName } from '../common/staff-name.js';
import { DirectoryService } from '../directory/index.js';
import { ProjectsService } from '../projects/index.js';
import { ExpenseErrors } from './expenses.errors.js';
import { ExpensesRepository, type ExpenseWrite } from './expenses.repository.js';
import { parseReceipt, receiptDownloadName, type ReceiptFile, type UploadedReceipt } from './receipt.js';

const chf = (amount: number) =>
  `CHF ${new Intl.NumberFormat('de-CH', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/**
 * Expenses (Spesen). Everyone claims their own expenses, with an optional receipt. Employees see
 * only their own and change or delete them while pending. Admin and backoffice see the whole
 * company and approve or reject pending expenses (a rejection needs a reason), but edit and delete
 * none, not even their own (part 2 §6 "they get no edit/delete"; §4 "non-admin staff can edit
 * and delete only pending expenses"). Projects: employees may only book on projects assigned to them.
 */
@Injectable()
export class ExpensesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: ExpensesRepository,
    private readonly projects: ProjectsService,
    private readonly directory: DirectoryService,
    private readonly activities: ActivitiesService,
  ) {}

  /** Employees: only their own (a userId filter is ignored); the office: all, optionally of one user. */
  list(actor: Actor, query: ExpenseListQueryParsed): Promise<ExpenseDto[] | PaginatedResponse<ExpenseDto>> {
    const office = isOffice(actor);
    const scope = TenantScope.fromClaims(actor);
    const filter = { status: query.status ?? null, userId: office ? (query.userId ?? null) : null };
    return this.repo.list(this.dataSource.manager, scope, this.ownedBy(actor), filter, query);
  }

  stats(actor: Actor, query: ExpenseListQueryParsed): Promise<ExpenseStatsResponse> {
    return this.repo.stats(
      this.dataSource.manager,
      TenantScope.fromClaims(actor),
      this.ownedBy(actor),
      isOffice(actor) ? (query.userId ?? null) : null,
    );
  }

  async get(actor: Actor, id: string): Promise<ExpenseDto> {
    const expense = await this.repo.find(
      this.dataSource.manager,
      TenantScope.fromClaims(actor),
      id,
      this.ownedBy(actor),
    );
    if (!expense) throw ExpenseErrors.notFound();
    return expense;
  }

  /**
   * With a client-chosen `id` a repeated save (the first answer was lost) gets the expense the first
   * save made, without a second activity or event and without storing the receipt again; see
   * `earlierExpense`.
   */
  async create(actor: Actor, input: CreateExpenseRequestParsed, upload?: UploadedReceipt): Promise<ExpenseDto> {
    const scope = TenantScope.fromClaims(actor);
    const receipt = upload ? await parseReceipt(upload) : null;
    const clientId = input.id ?? null;
    return this.dataSource.transaction(async (m) => {
      // Checked before the rules: the expense stays the answer even if e.g. the project was unassigned since.
      const earlier = clientId ? await this.earlierExpense(m, actor, clientId) : null;
      if (earlier) return earlier;
      const projectId = input.projectId ?? null;
      if (projectId) await this.assertProjectUsable(m, actor, projectId);
      const member = await this.directory.staffMember(m, scope, actor.userId);
      const id = await this.repo.insert(
        m,
        scope,
        {
          id: actor.userId,
          firstName: member?.first_name ?? 'Unbekannter Benutzer',
          lastName: member?.last_name ?? '',
        },
        { ...this.write(input), projectId },
        clientId,
      );
      if (!id) {
        // Only a given id collides: a parallel save with it committed first (the insert waited). Its expense is the answer.
        const first = clientId ? await this.earlierExpense(m, actor, clientId) : null;
        if (!first) throw OperationsErrors.clientIdTaken();
        return first;
      }
      if (receipt) await this.repo.putReceipt(m, scope, id, receipt);
      const expense = (await this.repo.find(m, scope, id, null))!;
      await this.activities.record(m, scope, {
        type: 'other',
        message: serverMessage('activity.expense_logged', {
          amount: chf(expense.amount),
          description: expense.description,
          category: EXPENSE_CATEGORY_LABELS[expense.category],
        }),
        userId: actor.userId,
        userName: `${expense.first_name} ${expense.last_name}`.trim(),
        entityId: expense.id,
      });
      await this.publish(m, actor, 'operations.expense.created', expense);
      return expense;
    });
  }

  /** Only the owning employee, only while pending. A new receipt replaces the old one; removeReceipt drops it. */
  /** `body` is read (and validated) once the expense is found: another company's id answers 404 first. */
  async update(
    actor: Actor,
    id: string,
    body: () => UpdateExpenseRequestParsed,
    upload?: UploadedReceipt,
  ): Promise<ExpenseDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.found(m, actor, id);
      const input = body(); // before the 403/409 checks, as when the body was validated first
      this.assertOwnPending(actor, current);
      const receipt: ReceiptFile | null = upload ? await parseReceipt(upload) : null;
      const projectId = input.projectId === undefined ? current.project_id : input.projectId;
      if (projectId && projectId !== current.project_id) await this.assertProjectUsable(m, actor, projectId);
      await this.repo.update(m, scope, id, { ...this.write(input), projectId });
      if (receipt) await this.repo.putReceipt(m, scope, id, receipt);
      else if (input.removeReceipt) await this.repo.deleteReceipt(m, scope, id);
      const expense = (await this.repo.find(m, scope, id, null))!;
      await this.publish(m, actor, 'operations.expense.updated', expense);
      return expense;
    });
  }

  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const current = await this.ownPending(m, actor, id);
      await this.repo.delete(m, scope, id);
      await enqueueEvent(m, {
        type: 'operations.expense.deleted',
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: { expenseId: id, userId: current.user_id, projectId: current.project_id },
      });
    });
    return { message: EXPENSE_MESSAGES.deleted };
  }

  /** Office only (route guard); only pending expenses. */
  async approve(actor: Actor, id: string): Promise<ExpenseDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.repo.find(m, scope, id, null, true);
      if (!current) throw ExpenseErrors.notFound();
      if (current.status !== 'pending') throw ExpenseErrors.alreadyProcessed();
      const expense = (await this.repo.approve(m, scope, id, actor.userId))!;
      await this.activities.record(m, scope, {
        type: 'other',
        message: serverMessage('activity.expense_approved', {
          amount: chf(expense.amount),
          description: expense.description,
          employee: `${expense.first_name} ${expense.last_name}`.trim(),
        }),
        userId: actor.userId,
        userName: await staffName(m, scope, actor.userId),
        entityId: expense.id,
      });
      await this.publish(m, actor, 'operations.expense.approved', expense);
      return expense;
    });
  }

  /** Office only (route guard); only pending expenses; the reason is shown to the employee. */
  /** `body` (the reason) is read once the expense is found: another company's id answers 404 first. */
  async reject(actor: Actor, id: string, body: () => string): Promise<ExpenseDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.repo.find(m, scope, id, null, true);
      if (!current) throw ExpenseErrors.notFound();
      const reason = body();
      if (current.status !== 'pending') throw ExpenseErrors.alreadyProcessed();
      const expense = (await this.repo.reject(m, scope, id, actor.userId, reason))!;
      await this.activities.record(m, scope, {
        type: 'other',
        message: serverMessage('activity.expense_rejected', {
          amount: chf(expense.amount),
          description: expense.description,
          employee: `${expense.first_name} ${expense.last_name}`.trim(),
        }),
        userId: actor.userId,
        userName: await staffName(m, scope, actor.userId),
        entityId: expense.id,
      });
      await enqueueEvent(m, {
        type: 'operations.expense.rejected',
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: { ...this.eventData(expense), rejectionReason: reason },
      });
      return expense;
    });
  }

  /** The receipt as a download (whoever may see the expense); 404 'Kein Beleg vorhanden' without one. */
  async receipt(actor: Actor, id: string): Promise<StreamableFile> {
    const scope = TenantScope.fromClaims(actor);
    const expense = await this.repo.find(this.dataSource.manager, scope, id, this.ownedBy(actor));
    if (!expense) throw ExpenseErrors.notFound();
    const file = await this.repo.receipt(this.dataSource.manager, scope, id);
    if (!file) throw ExpenseErrors.receiptMissing();
    return new StreamableFile(file.data, {
      type: file.content_type,
      length: file.data.length,
      disposition: `attachment; filename="${receiptDownloadName(expense.expense_date, file.content_type)}"`,
    });
  }

  // ------------------------------------------------------------------------------------------

  /** Employees are limited to their own expenses; null = the whole company. */
  private ownedBy(actor: Actor): string | null {
    return isOffice(actor) ? null : actor.userId;
  }

  /**
   * The caller's own pending expense, locked, for edit and delete: 404 unknown/invisible, 403 for
   * admin and backoffice (they only decide), 403 someone else's, 409 processed.
   */
  private async ownPending(m: EntityManager, actor: Actor, id: string): Promise<ExpenseDto> {
    return this.assertOwnPending(actor, await this.found(m, actor, id));
  }

  /** The expense the actor may see, locked (404 otherwise). */
  private async found(m: EntityManager, actor: Actor, id: string): Promise<ExpenseDto> {
    const current = await this.repo.find(m, TenantScope.fromClaims(actor), id, this.ownedBy(actor), true);
    if (!current) throw ExpenseErrors.notFound();
    return current;
  }

  private assertOwnPending(actor: Actor, current: ExpenseDto): ExpenseDto {
    if (isOffice(actor)) throw ExpenseErrors.officeNoChange();
    if (current.user_id !== actor.userId) throw ExpenseErrors.notOwn();
    if (current.status !== 'pending') throw ExpenseErrors.notPending();
    return current;
  }

  /**
   * The caller's expense with this client-chosen id (a repeated save), or null when the id is still
   * free. 409 when another user or company holds it (that expense is never shown).
   */
  private async earlierExpense(m: EntityManager, actor: Actor, id: string): Promise<ExpenseDto | null> {
    const scope = TenantScope.fromClaims(actor);
    const holder = await this.repo.clientIdHolder(m, scope, id, actor.userId);
    if (holder === 'free') return null;
    if (holder === 'taken') throw OperationsErrors.clientIdTaken();
    return this.repo.find(m, scope, id, actor.userId);
  }

  /** Employees may book only on projects assigned to them; the office on every company project. */
  private async assertProjectUsable(m: EntityManager, actor: Actor, projectId: string): Promise<void> {
    const project = await this.projects.find(m, TenantScope.fromClaims(actor), projectId, this.ownedBy(actor));
    if (!project) throw OperationsErrors.projectNotFound();
  }

  private write(input: CreateExpenseRequestParsed): Omit<ExpenseWrite, 'projectId'> {
    return {
      category: input.category,
      description: input.description,
      amount: input.amount,
      vatIncluded: input.vatIncluded,
      vatRate: expenseVatRate(input.vatIncluded, input.vatRate),
      expenseDate: input.expenseDate,
    };
  }

  private eventData(e: ExpenseDto) {
    return {
      expenseId: e.id,
      userId: e.user_id,
      projectId: e.project_id,
      category: e.category,
      description: e.description,
      amount: e.amount,
      vatIncluded: e.vat_included,
      vatRate: e.vat_rate,
      expenseDate: e.expense_date,
      status: e.status,
      hasReceipt: e.receipt_path !== null,
    };
  }

  private publish(
    m: EntityManager,
    actor: Actor,
    type: 'operations.expense.created' | 'operations.expense.updated' | 'operations.expense.approved',
    expense: ExpenseDto,
  ) {
    return enqueueEvent(m, {
      type,
      companyId: actor.companyId,
      actorId: actor.userId,
      requestId: currentRequestId(),
      data: this.eventData(expense),
    });
  }
}
