import { Controller, Get, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { reportSignatureRequestSchema, uuidSchema, type ReportSignatureRequestParsed } from '@zunft/contracts';
import { Public, ZodBody, ZodParam } from '@zunft/nest-common';
import type { Request } from 'express';
import { ReportSignatureErrorsLanguage } from '../common/public-errors.interceptor.js';
import { requestOrigin } from './reports.controller.js';
import { ReportImagesService } from './report-images.service.js';
import { ReportsService } from './reports.service.js';

/**
 * The customer's signature page calls (public: the token in the path is the credential). Unknown
 * link 404 'Rapport nicht gefunden oder Link abgelaufen.', used or expired 410 'Dieser Link ist
 * abgelaufen.'.
 */
@Public()
@UseInterceptors(ReportSignatureErrorsLanguage) // errors in the customer's language
@Controller('signature')
export class SignatureController {
  constructor(
    private readonly reports: ReportsService,
    private readonly images: ReportImagesService,
  ) {}

  @Get(':token')
  view(@Param('token') token: string) {
    return this.reports.publicView(token);
  }

  @Post(':token')
  @HttpCode(200)
  sign(
    @Param('token') token: string,
    @ZodBody(reportSignatureRequestSchema) body: ReportSignatureRequestParsed,
    @Req() req: Request,
  ) {
    return this.reports.signWithToken(token, body, requestOrigin(req));
  }

  /** The signed PDF, for the customer's confirmation page (works with the used link until it expires). */
  @Get(':token/pdf')
  pdf(@Param('token') token: string) {
    return this.reports.publicPdf(token);
  }

  @Get(':token/images/:imageId/file')
  imageFile(@Param('token') token: string, @ZodParam('imageId', uuidSchema) imageId: string) {
    return this.images.publicFile(token, imageId, 'file');
  }

  @Get(':token/images/:imageId/thumbnail')
  imageThumbnail(@Param('token') token: string, @ZodParam('imageId', uuidSchema) imageId: string) {
    return this.images.publicFile(token, imageId, 'thumbnail');
  }
}
