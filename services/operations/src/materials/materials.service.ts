import { serverMessage } from '@zunft/contracts';
import { Injectable } from '@nestjs/common';
import type {
  CreateMaterialRequestParsed,
  CreateMaterialUsageRequestParsed,
  DeleteMaterialResponse,
  MaterialDto,
  MaterialListQueryParsed,
  MaterialProductGroup,
  MaterialStatsResponse,
  MaterialUsageDto,
  MaterialUsageListQueryParsed,
  PaginatedResponse,
  MessageResponse,
  UpdateMaterialRequestParsed,
  UpdateMaterialUsageRequestParsed,
} from '@zunft/contracts';
import { CommonErrors, currentRequestId, enqueueEvent, successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivitiesService } from '../activities/index.js';
import { isOffice, type Actor } from '../common/actor.js';
import { assertNotReported } from '../reported/reported.js';
import { OperationsErrors } from '../common/operations.errors.js';
import { staffName } from '../common/staff-name.js';
import { DirectoryService } from '../directory/index.js';
import { ProjectsService } from '../projects/index.js';
import { MaterialsRepository, type MaterialWrite, type UsageWrite } from './materials.repository.js';

type UsageEvent = 'operations.material-usage.created' | 'operations.material-usage.updated';

/** yyyy-MM-dd of `now` in the company's time zone. */
export const localDate = (timeZone: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const formatQuantity = (q: number) => (Number.isInteger(q) ? String(q) : q.toFixed(2));

/**
 * Materials (company stock) and material usage on projects. The office manages materials, approves
 * or rejects usage and deletes usage of any status; employees create only the company's first
 * material, record usage on projects assigned to them and change or delete their own entries while
 * pending. Approval books the quantity out of stock in the same transaction (never below zero);
 * deleting an approved entry books it back in. Deleting a material with recorded usage deactivates it.
 */
@Injectable()
export class MaterialsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: MaterialsRepository,
    private readonly projects: ProjectsService,
    private readonly directory: DirectoryService,
    private readonly activities: ActivitiesService,
  ) {}

  // ------------------------------------------------------------------------------------------
  // Materials

  /** The whole list, or one page with `page`, `pageSize` or `cursor` (a picker's search). */
  list(actor: Actor, query: MaterialListQueryParsed): Promise<MaterialDto[] | PaginatedResponse<MaterialDto>> {
    const scope = TenantScope.fromClaims(actor);
    const filter = { includeInactive: query.includeInactive, search: query.search ?? null };
    return this.repo.list(this.dataSource.manager, scope, filter, query);
  }

  async get(actor: Actor, id: string): Promise<MaterialDto> {
    const material = await this.repo.find(this.dataSource.manager, TenantScope.fromClaims(actor), id);
    if (!material) throw OperationsErrors.materialNotFound();
    return material;
  }

  /** GET /materials/product-groups: every group of the catalogue, for the markups dialog. */
  productGroups(actor: Actor): Promise<MaterialProductGroup[]> {
    return this.repo.productGroups(this.dataSource.manager, TenantScope.fromClaims(actor));
  }

  stats(actor: Actor): Promise<MaterialStatsResponse> {
    return this.repo.stats(
      this.dataSource.manager,
      TenantScope.fromClaims(actor),
      isOffice(actor) ? null : actor.userId,
    );
  }

  /**
   * The office creates materials; an employee only the company's first one (the empty state of the
   * screen offers it to everyone, part 1 §2). Creation is serialised per company, so two parallel
   * "first" materials by employees cannot both pass the check.
   */
  async create(actor: Actor, input: CreateMaterialRequestParsed): Promise<MaterialDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      await this.repo.lockCreation(m, scope);
      if (!isOffice(actor) && (await this.repo.any(m, scope))) throw CommonErrors.forbidden();
      const material = await this.repo.insert(m, scope, actor.userId, {
        name: input.name,
        description: input.description ?? null,
        unit: input.unit,
        category: input.category ?? null,
        unitPrice: input.unitPrice,
        stockQuantity: input.stockQuantity,
        minStock: input.minStock,
        isActive: true,
      });
      await this.publishMaterial(m, actor, 'operations.material.created', material);
      return material;
    });
  }

  /** `body` is read (and validated) once the material is found: another company's id answers 404 first. */
  async update(actor: Actor, id: string, body: () => UpdateMaterialRequestParsed): Promise<MaterialDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.repo.find(m, scope, id, true);
      if (!current) throw OperationsErrors.materialNotFound();
      const input = body();
      const next: MaterialWrite = {
        name: input.name ?? current.name,
        description: input.description === undefined ? current.description : input.description,
        unit: input.unit ?? current.unit,
        category: input.category === undefined ? current.category : input.category,
        unitPrice: input.unitPrice ?? current.unit_price,
        stockQuantity: input.stockQuantity ?? current.stock_quantity,
        minStock: input.minStock ?? current.min_stock,
        isActive: input.isActive ?? current.is_active,
      };
      const material = (await this.repo.update(m, scope, id, next))!;
      await this.publishMaterial(m, actor, 'operations.material.updated', material);
      return material;
    });
  }

  /** Hard delete without recorded usage; with usage the material is deactivated (history stays intact). */
  async remove(actor: Actor, id: string): Promise<DeleteMaterialResponse> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.repo.find(m, scope, id, true);
      if (!current) throw OperationsErrors.materialNotFound();
      if (await this.repo.hasUsage(m, scope, id)) {
        const material = (await this.repo.update(m, scope, id, {
          name: current.name,
          description: current.description,
          unit: current.unit,
          category: current.category,
          unitPrice: current.unit_price,
          stockQuantity: current.stock_quantity,
          minStock: current.min_stock,
          isActive: false,
        }))!;
        await this.publishMaterial(m, actor, 'operations.material.updated', material);
        return { id, deleted: false, deactivated: true };
      }
      await this.repo.delete(m, scope, id);
      await enqueueEvent(m, {
        type: 'operations.material.deleted',
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: { materialId: id },
      });
      return { id, deleted: true, deactivated: false };
    });
  }

  // ------------------------------------------------------------------------------------------
  // Usage

  /** The whole list, or one page with `page`, `pageSize` or `cursor`. */
  async listUsage(
    actor: Actor,
    query: MaterialUsageListQueryParsed,
  ): Promise<MaterialUsageDto[] | PaginatedResponse<MaterialUsageDto>> {
    const office = isOffice(actor);
    const scope = TenantScope.fromClaims(actor);
    const visibleTo = office ? null : actor.userId;
    const filter = {
      projectId: query.projectId ?? null,
      status: query.status ?? null,
      userId: office ? (query.userId ?? null) : null,
    };
    return this.repo.listUsage(this.dataSource.manager, scope, visibleTo, filter, query);
  }

  /**
   * With a client-chosen `id` a repeated save (the first answer was lost) gets the entry the first
   * save made, without a second activity, event or stock booking; see `earlierUsage`.
   */
  async createUsage(actor: Actor, input: CreateMaterialUsageRequestParsed): Promise<MaterialUsageDto> {
    const scope = TenantScope.fromClaims(actor);
    const clientId = input.id ?? null;
    return this.dataSource.transaction(async (m) => {
      // Checked before the rules: the entry stays the answer even if e.g. the material was deactivated since.
      const earlier = clientId ? await this.earlierUsage(m, actor, clientId) : null;
      if (earlier) return earlier;
      await this.assertProjectUsable(m, actor, input.projectId);
      const material = await this.usableMaterial(m, scope, input.materialId);
      const settings = await this.directory.settings(m, scope);
      const inserted = await this.repo.insertUsage(
        m,
        scope,
        { id: actor.userId, name: await staffName(m, scope, actor.userId) },
        {
          projectId: input.projectId,
          materialId: material.id,
          materialName: material.name,
          quantity: input.quantity,
          unit: material.unit,
          unitPrice: this.priceFor(actor, input.unitPrice, material),
          usedAt: input.usageDate ?? localDate(settings.timezone),
          description: input.description ?? null,
        },
        clientId,
      );
      if (!inserted) {
        // Only a given id collides: a parallel save with it committed first (the insert waited). Its entry is the answer.
        const first = clientId ? await this.earlierUsage(m, actor, clientId) : null;
        if (!first) throw OperationsErrors.clientIdTaken();
        return first;
      }
      let usage = inserted;
      await this.activities.record(m, scope, {
        type: 'other',
        message: serverMessage('activity.material_logged', {
          quantity: formatQuantity(usage.quantity),
          unit: usage.unit,
          material: usage.material_name,
          project: usage.project_title,
        }),
        userId: usage.user_id,
        userName: usage.user_name,
        entityId: usage.id,
      });
      await this.publishUsage(m, actor, 'operations.material-usage.created', usage);
      // Auto-approval books the stock out right away; with too little stock the entry stays pending
      // and the office decides (the employee's record is never lost).
      if (settings.auto_approve_material_usage) {
        const stockAfter = await this.repo.bookOut(m, scope, usage.material_id, usage.quantity);
        if (stockAfter !== null) {
          usage = (await this.repo.approveUsage(m, scope, usage.id, actor.userId))!;
          await this.publishApproved(m, actor, usage, stockAfter);
        }
      }
      return usage;
    });
  }

  /** `body` is read (and validated) once the usage is found: another company's id answers 404 first. */
  async updateUsage(actor: Actor, id: string, body: () => UpdateMaterialUsageRequestParsed): Promise<MaterialUsageDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.repo.findUsage(m, scope, id, isOffice(actor) ? null : actor.userId, true);
      if (!current) throw OperationsErrors.usageNotFound();
      const input = body();
      await assertNotReported(m, 'material_usages', scope.companyId, id);
      if (current.status !== 'pending') throw OperationsErrors.usageNotPending();
      if (input.projectId && input.projectId !== current.project_id)
        await this.assertProjectUsable(m, actor, input.projectId);
      const materialChanged = input.materialId !== undefined && input.materialId !== current.material_id;
      const material = materialChanged ? await this.usableMaterial(m, scope, input.materialId!) : null;
      const next: UsageWrite = {
        projectId: input.projectId ?? current.project_id,
        materialId: material?.id ?? current.material_id,
        materialName: material?.name ?? current.material_name,
        quantity: input.quantity ?? current.quantity,
        unit: material?.unit ?? current.unit,
        unitPrice: material
          ? this.priceFor(actor, input.unitPrice, material)
          : isOffice(actor) && input.unitPrice != null
            ? input.unitPrice
            : current.unit_price,
        usedAt: input.usageDate ?? current.used_at,
        description: input.description === undefined ? current.description : input.description,
      };
      const usage = (await this.repo.updateUsage(m, scope, id, next))!;
      await this.publishUsage(m, actor, 'operations.material-usage.updated', usage);
      return usage;
    });
  }

  /**
   * Employees delete their own entries while pending; the office deletes entries of any status
   * (part 1 §6). Deleting an approved entry puts its quantity back on stock in the same transaction.
   */
  async removeUsage(actor: Actor, id: string): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const office = isOffice(actor);
      const current = await this.repo.findUsage(m, scope, id, office ? null : actor.userId, true);
      if (!current) throw OperationsErrors.usageNotFound();
      await assertNotReported(m, 'material_usages', scope.companyId, id);
      if (!office && current.status !== 'pending') throw OperationsErrors.usageNotPending();
      await this.repo.deleteUsage(m, scope, id);
      if (current.status === 'approved') {
        await this.repo.bookIn(m, scope, current.material_id, current.quantity);
        const material = (await this.repo.find(m, scope, current.material_id))!;
        await this.publishMaterial(m, actor, 'operations.material.updated', material);
      }
      await enqueueEvent(m, {
        type: 'operations.material-usage.deleted',
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: { usageId: id, projectId: current.project_id, userId: current.user_id },
      });
    });
    return { message: successMessage('success.material_usage_deleted') };
  }

  /** Office only; only pending usage. Books the quantity out of stock (409 when too little). */
  async approveUsage(actor: Actor, id: string): Promise<MaterialUsageDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.repo.findUsage(m, scope, id, null, true);
      if (!current) throw OperationsErrors.usageNotFound();
      if (current.status !== 'pending') throw OperationsErrors.usageAlreadyProcessed();
      const stockAfter = await this.repo.bookOut(m, scope, current.material_id, current.quantity);
      if (stockAfter === null) throw OperationsErrors.insufficientStock();
      const usage = (await this.repo.approveUsage(m, scope, id, actor.userId))!;
      await this.activities.record(m, scope, {
        type: 'other',
        message: serverMessage('activity.material_approved', {
          quantity: formatQuantity(usage.quantity),
          unit: usage.unit,
          material: usage.material_name,
          project: usage.project_title,
        }),
        userId: actor.userId,
        userName: await staffName(m, scope, actor.userId),
        entityId: usage.id,
      });
      await this.publishApproved(m, actor, usage, stockAfter);
      return usage;
    });
  }

  /** Office only; only pending usage; the reason is stored and shown to the employee. */
  /** `body` (the reason) is read once the usage is found: another company's id answers 404 first. */
  async rejectUsage(actor: Actor, id: string, body: () => string): Promise<MaterialUsageDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.repo.findUsage(m, scope, id, null, true);
      if (!current) throw OperationsErrors.usageNotFound();
      const reason = body();
      if (current.status !== 'pending') throw OperationsErrors.usageAlreadyProcessed();
      const usage = (await this.repo.rejectUsage(m, scope, id, actor.userId, reason))!;
      await this.activities.record(m, scope, {
        type: 'other',
        message: serverMessage('activity.material_rejected', {
          material: usage.material_name,
          project: usage.project_title,
        }),
        userId: actor.userId,
        userName: await staffName(m, scope, actor.userId),
        entityId: usage.id,
      });
      await enqueueEvent(m, {
        type: 'operations.material-usage.rejected',
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: { ...this.usageData(usage), rejectionReason: reason },
      });
      return usage;
    });
  }

  // ------------------------------------------------------------------------------------------

  /**
   * The caller's usage entry with this client-chosen id (a repeated save), or null when the id is
   * still free. 409 when another user or company holds it (that entry is never shown).
   */
  private async earlierUsage(m: EntityManager, actor: Actor, id: string): Promise<MaterialUsageDto | null> {
    const scope = TenantScope.fromClaims(actor);
    const holder = await this.repo.usageIdHolder(m, scope, id, actor.userId);
    if (holder === 'free') return null;
    if (holder === 'taken') throw OperationsErrors.clientIdTaken();
    return this.repo.findUsage(m, scope, id, null);
  }

  /** Employees may record usage only on projects assigned to them; the office on every company project. */
  private async assertProjectUsable(m: EntityManager, actor: Actor, projectId: string): Promise<void> {
    const scope = TenantScope.fromClaims(actor);
    const project = await this.projects.find(m, scope, projectId, isOffice(actor) ? null : actor.userId);
    if (!project) throw OperationsErrors.projectNotFound();
  }

  /** An active material of the caller's company, else 404 'Ausgewähltes Material nicht gefunden'. */
  private async usableMaterial(m: EntityManager, scope: TenantScope, id: string): Promise<MaterialDto> {
    const material = await this.repo.find(m, scope, id);
    if (!material || !material.is_active) throw OperationsErrors.selectedMaterialNotFound();
    return material;
  }

  /** The material's price; only the office may book a different one. */
  private priceFor(actor: Actor, given: number | null | undefined, material: MaterialDto): number {
    return isOffice(actor) && given != null ? given : material.unit_price;
  }

  private publishMaterial(
    m: EntityManager,
    actor: Actor,
    type: 'operations.material.created' | 'operations.material.updated',
    material: MaterialDto,
  ) {
    return enqueueEvent(m, {
      type,
      companyId: actor.companyId,
      actorId: actor.userId,
      requestId: currentRequestId(),
      data: {
        materialId: material.id,
        name: material.name,
        unit: material.unit,
        category: material.category,
        unitPrice: material.unit_price,
        stockQuantity: material.stock_quantity,
        minStock: material.min_stock,
        isActive: material.is_active,
      },
    });
  }

  private usageData(u: MaterialUsageDto) {
    return {
      usageId: u.id,
      projectId: u.project_id,
      materialId: u.material_id,
      materialName: u.material_name,
      userId: u.user_id,
      quantity: u.quantity,
      unit: u.unit,
      unitPrice: u.unit_price,
      totalPrice: u.total_price,
      usedAt: u.used_at,
      status: u.status,
    };
  }

  private publishUsage(m: EntityManager, actor: Actor, type: UsageEvent, usage: MaterialUsageDto) {
    return enqueueEvent(m, {
      type,
      companyId: actor.companyId,
      actorId: actor.userId,
      requestId: currentRequestId(),
      data: this.usageData(usage),
    });
  }

  private publishApproved(m: EntityManager, actor: Actor, usage: MaterialUsageDto, stockAfter: number) {
    return enqueueEvent(m, {
      type: 'operations.material-usage.approved',
      companyId: actor.companyId,
      actorId: actor.userId,
      requestId: currentRequestId(),
      data: { ...this.usageData(usage), stockQuantityAfter: stockAfter },
    });
  }
}
