import { Controller, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  createTimeEntryRequestSchema,
  startTimeEntryRequestSchema,
  stopTimeEntryRequestSchema,
  timeEntryListQuerySchema,
  updateTimeEntryRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CreateTimeEntryRequestParsed,
  type StartTimeEntryRequestParsed,
  type StopTimeEntryRequestParsed,
  type TimeEntryListQueryParsed,
  type UpdateTimeEntryRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodBody, ZodParam, ZodQuery, type LazyBody } from '@zunft/nest-common';
import { TimeEntriesService } from './time-entries.service.js';

@Controller('time-entries')
export class TimeEntriesController {
  constructor(private readonly timeEntries: TimeEntriesService) {}

  /** Employees get their own entries only; the office may filter by employee. */
  @Get()
  list(@CurrentUser() user: AccessTokenClaims, @ZodQuery(timeEntryListQuerySchema) query: TimeEntryListQueryParsed) {
    return this.timeEntries.list(user, query);
  }

  /** The caller's running entry, or null. */
  @Get('active')
  async active(@CurrentUser() user: AccessTokenClaims, @Res() res: Response) {
    // written directly: Nest would turn a returned null into an empty body, the contract says JSON null
    res.status(200).json(await this.timeEntries.active(user));
  }

  @Post('start')
  start(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(startTimeEntryRequestSchema) body: StartTimeEntryRequestParsed,
  ) {
    return this.timeEntries.start(user, body);
  }

  @Post('stop')
  @HttpCode(200)
  stop(@CurrentUser() user: AccessTokenClaims, @ZodBody(stopTimeEntryRequestSchema) body: StopTimeEntryRequestParsed) {
    return this.timeEntries.stop(user, body);
  }

  @Post()
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createTimeEntryRequestSchema) body: CreateTimeEntryRequestParsed,
  ) {
    return this.timeEntries.create(user, body);
  }

  @Put(':id')
  update(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(updateTimeEntryRequestSchema) body: LazyBody<UpdateTimeEntryRequestParsed>,
  ) {
    return this.timeEntries.update(user, id, () => body.value());
  }

  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.timeEntries.remove(user, id);
  }

  @Roles('admin', 'backoffice')
  @Post(':id/approve')
  @HttpCode(200)
  approve(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.timeEntries.approve(user, id);
  }
}
