import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  createMaterialRequestSchema,
  createMaterialUsageRequestSchema,
  materialListQuerySchema,
  materialUsageListQuerySchema,
  rejectMaterialUsageRequestSchema,
  updateMaterialRequestSchema,
  updateMaterialUsageRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CreateMaterialRequestParsed,
  type CreateMaterialUsageRequestParsed,
  type MaterialListQueryParsed,
  type MaterialUsageListQueryParsed,
  type RejectMaterialUsageRequest,
  type UpdateMaterialRequestParsed,
  type UpdateMaterialUsageRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodBody, ZodParam, ZodQuery, type LazyBody } from '@zunft/nest-common';
import { MaterialsService } from './materials.service.js';

/**
 * Literal routes (stats, usage/…) are declared before `:id` so they are never taken for an id.
 */
@Controller('materials')
export class MaterialsController {
  constructor(private readonly materials: MaterialsService) {}

  @Get()
  list(@CurrentUser() user: AccessTokenClaims, @ZodQuery(materialListQuerySchema) query: MaterialListQueryParsed) {
    return this.materials.list(user, query);
  }

  /** The four stat cards of the materials screen. */
  @Get('stats')
  stats(@CurrentUser() user: AccessTokenClaims) {
    return this.materials.stats(user);
  }

  /** Every product group of the company's articles with its count (the markups dialog); roles as GET /materials. */
  @Get('product-groups')
  productGroups(@CurrentUser() user: AccessTokenClaims) {
    return this.materials.productGroups(user);
  }

  /** Employees: their own usage on projects assigned to them; the office: all, with filters. */
  @Get('usage/list')
  listUsage(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(materialUsageListQuerySchema) query: MaterialUsageListQueryParsed,
  ) {
    return this.materials.listUsage(user, query);
  }

  @Post('usage')
  createUsage(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createMaterialUsageRequestSchema) body: CreateMaterialUsageRequestParsed,
  ) {
    return this.materials.createUsage(user, body);
  }

  @Put('usage/:id')
  updateUsage(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(updateMaterialUsageRequestSchema) body: LazyBody<UpdateMaterialUsageRequestParsed>,
  ) {
    return this.materials.updateUsage(user, id, () => body.value());
  }

  @Delete('usage/:id')
  removeUsage(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.materials.removeUsage(user, id);
  }

  @Roles('admin', 'backoffice')
  @Post('usage/:id/approve')
  @HttpCode(200)
  approveUsage(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.materials.approveUsage(user, id);
  }

  @Roles('admin', 'backoffice')
  @Post('usage/:id/reject')
  @HttpCode(200)
  rejectUsage(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(rejectMaterialUsageRequestSchema) body: LazyBody<RejectMaterialUsageRequest>,
  ) {
    return this.materials.rejectUsage(user, id, () => body.value().reason);
  }

  @Get(':id')
  get(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.materials.get(user, id);
  }

  /** Admin and backoffice; an employee only the company's first material (checked in the service). */
  @Post()
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createMaterialRequestSchema) body: CreateMaterialRequestParsed,
  ) {
    return this.materials.create(user, body);
  }

  @Roles('admin', 'backoffice')
  @Put(':id')
  update(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(updateMaterialRequestSchema) body: LazyBody<UpdateMaterialRequestParsed>,
  ) {
    return this.materials.update(user, id, () => body.value());
  }

  @Roles('admin', 'backoffice')
  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.materials.remove(user, id);
  }
}
