import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  RECORD_READ_ROLES,
  createCreditNoteRequestSchema,
  invoiceReasonRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CreateCreditNoteRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodParam, type LazyBody } from '@zunft/nest-common';
import type { z } from 'zod';
import { InvoicesService } from '../invoices.service.js';
import { CreditNotesService } from './credit-notes.service.js';

/** Credit notes of an invoice; admin and backoffice only. The invoice is looked up before the body is read (issue 28). */
// The accountant (Treuhänder) reads these records; RolesGuard refuses their writes (issue 26).
@Roles(...RECORD_READ_ROLES)
@Controller('invoices')
export class CreditNotesController {
  constructor(
    private readonly creditNotes: CreditNotesService,
    private readonly invoices: InvoicesService,
  ) {}

  @Get(':id/credit-notes')
  list(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.creditNotes.list(user, id);
  }

  /** `{ reason, items?: [{ title, quantity, unitPrice, vatRate }], amount? }` → 201 with its GS number. */
  @Post(':id/credit-notes')
  async create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(createCreditNoteRequestSchema) body: LazyBody<CreateCreditNoteRequestParsed>,
  ) {
    await this.invoices.get(user, id);
    return this.creditNotes.create(user, id, body.value());
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
  async cancel(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(invoiceReasonRequestSchema) body: LazyBody<z.output<typeof invoiceReasonRequestSchema>>,
  ) {
    await this.invoices.get(user, id);
    return this.creditNotes.cancel(user, id, body.value().reason);
  }
}
