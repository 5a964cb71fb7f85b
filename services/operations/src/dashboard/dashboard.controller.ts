import { Controller, Get } from '@nestjs/common';
import { hoursPerWeekQuerySchema, type AccessTokenClaims } from '@zunft/contracts';
import { CurrentUser, ZodQuery } from '@zunft/nest-common';
import type { z } from 'zod';
import { DashboardService } from './dashboard.service.js';

@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('stats')
  stats(@CurrentUser() user: AccessTokenClaims) {
    return this.dashboard.stats(user);
  }

  @Get('user-stats')
  userStats(@CurrentUser() user: AccessTokenClaims) {
    return this.dashboard.userStats(user);
  }

  /** The chart «Stunden pro Woche» (issue 28): office by project for everyone, an employee their own. */
  @Get('hours-per-week')
  hoursPerWeek(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(hoursPerWeekQuerySchema) q: z.output<typeof hoursPerWeekQuerySchema>,
  ) {
    return this.dashboard.hoursPerWeek(user, q.weeks);
  }
}
