import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  monthSchema,
  reopenMonthRequestSchema,
  timeAccountExportQuerySchema,
  timeAccountQuerySchema,
  timeRecordExportQuerySchema,
  uuidSchema,
  type AccessTokenClaims,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodParam, ZodQuery, type LazyBody } from '@zunft/nest-common';
import type { z } from 'zod';
import { TimeAccountsService } from './time-accounts.service.js';

const sendFile = (res: Response, file: { filename: string; contentType: string; body: string | Buffer }) => {
  res
    .status(200)
    .setHeader('Content-Type', file.contentType)
    .setHeader('Content-Disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
};

@Controller('time-accounts')
export class TimeAccountsController {
  constructor(private readonly accounts: TimeAccountsService) {}

  /** Per employee and month; employees get only their own. */
  @Get()
  list(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(timeAccountQuerySchema) q: z.output<typeof timeAccountQuerySchema>,
  ) {
    return this.accounts.month(user, q.month, q.userId ?? null);
  }

  /** The payroll export (office): one row per employee, columns in the company's language; CSV or XLSX. */
  @Get('export')
  @Roles('admin', 'backoffice')
  async export(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(timeAccountExportQuerySchema) q: z.output<typeof timeAccountExportQuerySchema>,
    @Res() res: Response,
  ) {
    sendFile(res, await this.accounts.exportMonth(user, q.month, q.format));
  }

  @Post(':userId/:month/close')
  @HttpCode(200)
  @Roles('admin', 'backoffice')
  close(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('userId', uuidSchema) userId: string,
    @ZodParam('month', monthSchema) month: string,
  ) {
    return this.accounts.close(user, userId, month);
  }

  /** Only the owner (admin) reopens a closed month; who and why are kept. */
  @Post(':userId/:month/reopen')
  @HttpCode(200)
  @Roles('admin')
  reopen(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('userId', uuidSchema) userId: string,
    @ZodParam('month', monthSchema) month: string,
    @LazyZodBody(reopenMonthRequestSchema) body: LazyBody<z.output<typeof reopenMonthRequestSchema>>,
  ) {
    return this.accounts.reopen(user, userId, month, () => body.value().reason);
  }
}

@Controller('time-records')
export class TimeRecordsController {
  constructor(private readonly accounts: TimeAccountsService) {}

  /** The ArGV 1 art. 73 record of one employee and period as CSV or PDF (employees: their own). */
  @Get('export')
  async export(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(timeRecordExportQuerySchema) q: z.output<typeof timeRecordExportQuerySchema>,
    @Res() res: Response,
  ) {
    sendFile(res, await this.accounts.exportRecords(user, q));
  }
}
