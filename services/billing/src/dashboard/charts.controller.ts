import { Controller, Get } from '@nestjs/common';
import type { AccessTokenClaims } from '@zunft/contracts';
import { CurrentUser, Roles } from '@zunft/nest-common';
import { ChartsService } from './charts.service.js';

/** GET /invoices/charts: the dashboard's money charts; before the invoices' `:id` routes. */
@Controller('invoices')
export class ChartsController {
  constructor(private readonly charts: ChartsService) {}

  @Get('charts')
  @Roles('admin', 'backoffice')
  invoiceCharts(@CurrentUser() user: AccessTokenClaims) {
    return this.charts.invoiceCharts(user);
  }
}
