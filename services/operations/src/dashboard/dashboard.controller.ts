import { Controller, Get } from '@nestjs/common';
import type { AccessTokenClaims } from '@zunft/contracts';
import { CurrentUser } from '@zunft/nest-common';
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
}
