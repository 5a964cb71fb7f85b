import { Controller, Get, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  ACCOUNTING_READ_ROLES,
  ACCOUNTING_WRITE_ROLES,
  accountingSettingsRequestSchema,
  journalQuerySchema,
  openItemsQuerySchema,
  vatFiguresQuerySchema,
  type AccessTokenClaims,
} from '@zunft/contracts';
import { CurrentUser, Roles, ZodBody, ZodQuery } from '@zunft/nest-common';
import type { z } from 'zod';
import { AccountantExportLog } from './accountant-export-log.js';
import { AccountingService } from './accounting.service.js';
import type { JournalFile } from './journal-formats.js';
import { OpenItemsPdf } from './open-items-pdf.js';

const sendFile = (res: Response, file: JournalFile) => {
  res
    .status(200)
    .setHeader('Content-Type', file.contentType)
    .setHeader('Content-Disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
};

/** The accounting hand-off (issue 26): journal and files, account mapping, VAT figures. */
@Roles(...ACCOUNTING_READ_ROLES)
@Controller('accounting')
export class AccountingController {
  constructor(
    private readonly accounting: AccountingService,
    private readonly exportLog: AccountantExportLog,
  ) {}

  @Get('settings')
  settings(@CurrentUser() user: AccessTokenClaims) {
    return this.accounting.settings(user);
  }

  @Put('settings')
  @Roles(...ACCOUNTING_WRITE_ROLES)
  saveSettings(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(accountingSettingsRequestSchema) body: z.output<typeof accountingSettingsRequestSchema>,
  ) {
    return this.accounting.saveSettings(user, body);
  }

  /** JSON (nothing marked) or a file (csv, banana, bexio, abacus) that marks its bookings as exported. */
  @Get('journal')
  async journal(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(journalQuerySchema) q: z.output<typeof journalQuerySchema>,
    @Res() res: Response,
  ) {
    const result = await this.accounting.journal(user, q);
    if ('file' in result) {
      // a fiduciary's download is logged for the admin (issue 26)
      await this.exportLog.downloaded(user, 'journal', q.format);
      sendFile(res, result.file);
    } else res.status(200).json(result.json);
  }

  @Get('vat')
  vat(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(vatFiguresQuerySchema) q: z.output<typeof vatFiguresQuerySchema>,
  ) {
    return this.accounting.vatFigures(user, q.year, q.period);
  }
}

/** GET /invoices/open-items: the debtor list at a date (JSON, CSV or PDF); before the invoices' `:id` routes. */
@Roles(...ACCOUNTING_READ_ROLES)
@Controller('invoices')
export class OpenItemsController {
  constructor(
    private readonly accounting: AccountingService,
    private readonly pdf: OpenItemsPdf,
    private readonly exportLog: AccountantExportLog,
  ) {}

  @Get('open-items')
  async openItems(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(openItemsQuerySchema) q: z.output<typeof openItemsQuerySchema>,
    @Res() res: Response,
  ) {
    // a fiduciary's download is logged for the admin (issue 26)
    if (q.format === 'csv') {
      const csv = await this.accounting.openItemsCsv(user, q.date);
      await this.exportLog.downloaded(user, 'open-items', 'csv');
      return sendFile(res, csv);
    }
    if (q.format === 'pdf') {
      const file = await this.pdf.render(user, q.date);
      await this.exportLog.downloaded(user, 'open-items', 'pdf');
      return res
        .status(200)
        .setHeader('Content-Type', 'application/pdf')
        .setHeader('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.pdf);
    }
    res.status(200).json(await this.accounting.openItems(user, q.date));
  }
}
