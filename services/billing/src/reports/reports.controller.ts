import { Controller, Delete, Get, HttpCode, Post, Put, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  RECORD_READ_ROLES,
  generateReportRequestSchema,
  reportListQuerySchema,
  reportSignatureRequestSchema,
  reportStatusRequestSchema,
  sendReportToCustomerRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type GenerateReportRequestParsed,
  type ReportListQueryParsed,
  type ReportSignatureRequestParsed,
  type ReportStatus,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodBody, ZodParam, ZodQuery, type LazyBody } from '@zunft/nest-common';
import type { Request } from 'express';
import { ReportImageUploadInterceptor } from './report-image-upload.interceptor.js';
import type { UploadedImage } from './report-image.js';
import { ReportImagesService } from './report-images.service.js';
import { ReportsService } from './reports.service.js';

export const requestOrigin = (req: Request) => ({
  ip: req.ip ?? null,
  userAgent: req.get('user-agent') ?? null,
});

/**
 * Work reports (Rapporte), admin and backoffice only (employees 403). The literal `generate` route
 * is declared before `:id`.
 */
// The accountant (Treuhänder) reads these records; RolesGuard refuses their writes (issue 26).
@Roles(...RECORD_READ_ROLES)
@Controller('reports')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly images: ReportImagesService,
  ) {}

  @Get()
  list(@CurrentUser() user: AccessTokenClaims, @ZodQuery(reportListQuerySchema) query: ReportListQueryParsed) {
    return this.reports.list(user, query);
  }

  @Post('generate')
  generate(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(generateReportRequestSchema) body: GenerateReportRequestParsed,
  ) {
    return this.reports.generate(user, body);
  }

  @Get(':id')
  get(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.reports.get(user, id);
  }

  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.reports.remove(user, id);
  }

  /** The routes with an id and a body look the report up before they read the body (issue 28). */
  @Put(':id/status')
  async status(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(reportStatusRequestSchema) body: LazyBody<{ status: ReportStatus }>,
  ) {
    await this.reports.exists(user, id);
    return this.reports.setStatus(user, id, body.value().status);
  }

  /** application/pdf; a signed report answers exactly its sealed bytes. */
  @Get(':id/download')
  download(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.reports.download(user, id);
  }

  @Get(':id/images')
  listImages(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.images.list(user, id);
  }

  /** multipart/form-data, field `image`, one image up to 15 MB. */
  @Post(':id/images')
  @UseInterceptors(ReportImageUploadInterceptor)
  upload(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @UploadedFile() file: UploadedImage | undefined,
  ) {
    return this.images.upload(user, id, file);
  }

  @Delete(':id/images/:imageId')
  removeImage(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodParam('imageId', uuidSchema) imageId: string,
  ) {
    return this.images.remove(user, id, imageId);
  }

  @Get(':id/images/:imageId/file')
  imageFile(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodParam('imageId', uuidSchema) imageId: string,
  ) {
    return this.images.file(user, id, imageId, 'file');
  }

  @Get(':id/images/:imageId/thumbnail')
  imageThumbnail(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodParam('imageId', uuidSchema) imageId: string,
  ) {
    return this.images.file(user, id, imageId, 'thumbnail');
  }

  @Get(':id/signature-status')
  signatureStatus(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.reports.signatureStatus(user, id);
  }

  @Post(':id/prepare-signature')
  @HttpCode(200)
  prepareSignature(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.reports.prepareSignature(user, id);
  }

  @Post(':id/send-to-customer')
  @HttpCode(200)
  async sendToCustomer(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(sendReportToCustomerRequestSchema) body: LazyBody<{ email?: string | null }>,
  ) {
    await this.reports.exists(user, id);
    return this.reports.sendToCustomer(user, id, body.value().email ?? null);
  }

  /** The customer signs on the office's device: same body as POST /signature/{token}. */
  @Post(':id/signature')
  @HttpCode(200)
  async sign(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(reportSignatureRequestSchema) body: LazyBody<ReportSignatureRequestParsed>,
    @Req() req: Request,
  ) {
    await this.reports.exists(user, id);
    return this.reports.signOnDevice(user, id, body.value(), requestOrigin(req));
  }
}
