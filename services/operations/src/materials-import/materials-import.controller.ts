import { Controller, Get, HttpCode, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  materialImportRequestSchema,
  materialMarkupsRequestSchema,
  metalQuotationRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type MaterialImportRequestParsed,
  type MaterialMarkupsRequestParsed,
  type MetalQuotationRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, Roles, ZodBody, ZodParam } from '@zunft/nest-common';
import { CatalogueUploadInterceptor } from './catalogue-upload.interceptor.js';
import { MaterialsImportService, type UploadedCatalogue } from './materials-import.service.js';

/**
 * The wholesaler's catalogue (issue 29): import, its progress, suppliers, markups, price history.
 * Registered before MaterialsController, so `import`, `suppliers` and `markups` are never taken for
 * a material id.
 */
@Roles('admin', 'backoffice')
@Controller('materials')
export class MaterialsImportController {
  constructor(private readonly imports: MaterialsImportService) {}

  /** 202: the file was read and is being written; poll `GET /materials/import/{id}`. */
  @Post('import')
  @HttpCode(202)
  @UseInterceptors(CatalogueUploadInterceptor)
  start(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(materialImportRequestSchema) body: MaterialImportRequestParsed,
    @UploadedFile() file: UploadedCatalogue | undefined,
  ) {
    return this.imports.start(user, file, body);
  }

  @Get('import')
  list(@CurrentUser() user: AccessTokenClaims) {
    return this.imports.list(user);
  }

  @Get('import/:id')
  get(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.imports.get(user, id);
  }

  @Get('suppliers')
  suppliers(@CurrentUser() user: AccessTokenClaims) {
    return this.imports.suppliers(user);
  }

  @Get('markups')
  markups(@CurrentUser() user: AccessTokenClaims) {
    return this.imports.markups(user);
  }

  @Put('markups')
  setMarkups(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(materialMarkupsRequestSchema) body: MaterialMarkupsRequestParsed,
  ) {
    return this.imports.setMarkups(user, body);
  }

  /** Everyone reads it (the surcharge line is shown where materials are used). */
  @Roles('admin', 'backoffice', 'employee')
  @Get('metal-quotation')
  quotation(@CurrentUser() user: AccessTokenClaims) {
    return this.imports.quotation(user);
  }

  @Put('metal-quotation')
  setQuotation(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(metalQuotationRequestSchema) body: MetalQuotationRequestParsed,
  ) {
    return this.imports.setQuotation(user, body);
  }

  @Get(':id/prices')
  prices(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.imports.prices(user, id);
  }
}
