import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  createCreditNoteRequestSchema,
  invoiceReasonRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CreateCreditNoteRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, Roles, ZodBody, ZodParam } from '@zunft/nest-common';
import type { z } from 'zod';
import { CreditNotesService } from './credit-notes.service.js';

/** Credit notes of an invoice; admin and backoffice only. */
@Roles('admin', 'backoffice')
@Controller('invoices')
export class CreditNotesController {
  constructor(private readonly creditNotes: CreditNotesService) {}

  @Get(':id/credit-notes')
  list(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.creditNotes.list(user, id);
  }

  /** `{ reason, items?: [{ title, quantity, unitPrice, vatRate }], amount? }` → 201 with its GS number. */
  @Post(':id/credit-notes')
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodBody(createCreditNoteRequestSchema) body: CreateCreditNoteRequestParsed,
  ) {
    return this.creditNotes.create(user, id, body);
  }

  /** application/pdf in the customer's language, no QR bill; archived on the first download (byte-identical after). */
  @Get(':id/credit-notes/:cid/pdf')
  pdf(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodParam('cid', uuidSchema) cid: string,
  ) {
    return this.creditNotes.pdf(user, id, cid);
  }

  /** Storno `{ reason }`: the unpaid rest credited by one credit note; status `cancelled`. */
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodBody(invoiceReasonRequestSchema) body: z.output<typeof invoiceReasonRequestSchema>,
  ) {
    return this.creditNotes.cancel(user, id, body.reason);
  }
}
