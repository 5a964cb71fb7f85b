import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  RECORD_READ_ROLES,
  assignUnmatchedCreditRequestSchema,
  unmatchedCreditListQuerySchema,
  uuidSchema,
  type AccessTokenClaims,
  type UnmatchedCreditListQueryParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodParam, ZodQuery, type LazyBody } from '@zunft/nest-common';
import type { z } from 'zod';
import { UnmatchedCreditsService } from './unmatched-credits.service.js';

/**
 * Bank credits a camt.054 import could not match, beside the import (POST /invoices/payments/import);
 * admin and backoffice only, like every payment route.
 */
// The accountant (Treuhänder) reads these records; RolesGuard refuses their writes (issue 26).
@Roles(...RECORD_READ_ROLES)
@Controller('invoices/payments')
export class PaymentsController {
  constructor(private readonly credits: UnmatchedCreditsService) {}

  /** ?status=open (default) | assigned | all, page, pageSize */
  @Get('unmatched')
  list(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(unmatchedCreditListQuerySchema) query: UnmatchedCreditListQueryParsed,
  ) {
    return this.credits.list(user, query);
  }

  /** Books the credit as a payment of the invoice `{invoiceId}`; the credit is looked up before the body is read (issue 28). */
  @Post('unmatched/:id/assign')
  @HttpCode(200)
  assign(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(assignUnmatchedCreditRequestSchema)
    body: LazyBody<z.output<typeof assignUnmatchedCreditRequestSchema>>,
  ) {
    return this.credits.assign(user, id, () => body.value().invoiceId);
  }
}
