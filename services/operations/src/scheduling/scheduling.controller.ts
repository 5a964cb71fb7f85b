import { Controller, Delete, Get, Post, Put } from '@nestjs/common';
import {
  copyScheduleWeekRequestSchema,
  createScheduleAssignmentRequestSchema,
  scheduleWeekQuerySchema,
  updateScheduleAssignmentRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CopyScheduleWeekRequest,
  type CreateScheduleAssignmentRequestParsed,
  type ScheduleWeekQueryParsed,
  type UpdateScheduleAssignmentRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodBody, ZodParam, ZodQuery, type LazyBody } from '@zunft/nest-common';
import { SchedulingService } from './scheduling.service.js';

/** Einsatzplanung: every role reads a week (employees their own), the office plans. */
@Controller('schedule')
export class SchedulingController {
  constructor(private readonly scheduling: SchedulingService) {}

  @Get()
  week(@CurrentUser() user: AccessTokenClaims, @ZodQuery(scheduleWeekQuerySchema) query: ScheduleWeekQueryParsed) {
    return this.scheduling.week(user, query);
  }

  @Roles('admin', 'backoffice')
  @Post('assignments')
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createScheduleAssignmentRequestSchema) body: CreateScheduleAssignmentRequestParsed,
  ) {
    return this.scheduling.create(user, body);
  }

  @Roles('admin', 'backoffice')
  @Put('assignments/:id')
  update(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(updateScheduleAssignmentRequestSchema) body: LazyBody<UpdateScheduleAssignmentRequestParsed>,
  ) {
    return this.scheduling.update(user, id, () => body.value());
  }

  @Roles('admin', 'backoffice')
  @Delete('assignments/:id')
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.scheduling.remove(user, id);
  }

  @Roles('admin', 'backoffice')
  @Post('copy-week')
  copyWeek(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(copyScheduleWeekRequestSchema) body: CopyScheduleWeekRequest,
  ) {
    return this.scheduling.copyWeek(user, body);
  }
}
