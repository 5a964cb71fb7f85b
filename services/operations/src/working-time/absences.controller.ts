import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  absenceListQuerySchema,
  createAbsenceRequestSchema,
  rejectAbsenceRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CreateAbsenceRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodBody, ZodParam, ZodQuery, type LazyBody } from '@zunft/nest-common';
import type { z } from 'zod';
import { AbsencesService } from './absences.service.js';

@Controller('absences')
export class AbsencesController {
  constructor(private readonly absences: AbsencesService) {}

  /** Employees see their own absences only; the office everyone's (filter `userId`). */
  @Get()
  list(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(absenceListQuerySchema) q: z.output<typeof absenceListQuerySchema>,
  ) {
    return this.absences.list(user, q);
  }

  /** An employee requests holiday (status `requested`); the office records any type (`approved`). */
  @Post()
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createAbsenceRequestSchema) body: CreateAbsenceRequestParsed,
  ) {
    return this.absences.create(user, body);
  }

  @Put(':id/approve')
  @Roles('admin', 'backoffice')
  approve(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.absences.approve(user, id);
  }

  @Put(':id/reject')
  @Roles('admin', 'backoffice')
  reject(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(rejectAbsenceRequestSchema) body: LazyBody<z.output<typeof rejectAbsenceRequestSchema>>,
  ) {
    return this.absences.reject(user, id, () => body.value().reason);
  }

  @Delete(':id')
  @HttpCode(200)
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.absences.remove(user, id);
  }
}
