import { Controller, Delete, Get, Post } from '@nestjs/common';
import {
  createHolidayRequestSchema,
  holidayListQuerySchema,
  uuidSchema,
  type AccessTokenClaims,
} from '@zunft/contracts';
import { CurrentUser, Roles, ZodBody, ZodParam, ZodQuery } from '@zunft/nest-common';
import type { z } from 'zod';
import { HolidaysService } from './holidays.service.js';

@Controller('holidays')
export class HolidaysController {
  constructor(private readonly holidays: HolidaysService) {}

  /** The company canton's public holidays of a year and its own days (every role). */
  @Get()
  list(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(holidayListQuerySchema) q: z.output<typeof holidayListQuerySchema>,
  ) {
    return this.holidays.list(user, q.year ?? null);
  }

  @Post()
  @Roles('admin', 'backoffice')
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createHolidayRequestSchema) body: z.output<typeof createHolidayRequestSchema>,
  ) {
    return this.holidays.create(user, body);
  }

  @Delete(':id')
  @Roles('admin', 'backoffice')
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.holidays.remove(user, id);
  }
}
