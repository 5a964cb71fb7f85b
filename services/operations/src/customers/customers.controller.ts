import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  customerListQuerySchema,
  customerRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CustomerListQueryParsed,
  type CustomerRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodBody, ZodParam, ZodQuery, type LazyBody } from '@zunft/nest-common';
import { CustomersService } from './customers.service.js';

@Controller('customers')
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  /** Employees get the customers of their assigned projects only. */
  @Get()
  list(@CurrentUser() user: AccessTokenClaims, @ZodQuery(customerListQuerySchema) query: CustomerListQueryParsed) {
    return this.customers.list(user, query);
  }

  /** The stat cards' figures; before `:id` so "stats" is not read as an id. Employees: their customers. */
  @Get('stats')
  stats(@CurrentUser() user: AccessTokenClaims) {
    return this.customers.stats(user);
  }

  @Get(':id')
  get(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.customers.get(user, id);
  }

  @Roles('admin', 'backoffice')
  @Post()
  create(@CurrentUser() user: AccessTokenClaims, @ZodBody(customerRequestSchema) body: CustomerRequestParsed) {
    return this.customers.create(user, body);
  }

  @Roles('admin', 'backoffice')
  @Put(':id')
  update(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(customerRequestSchema) body: LazyBody<CustomerRequestParsed>,
  ) {
    return this.customers.update(user, id, () => body.value());
  }

  /** Hidden from lists and pickers, kept in the records (issue 26: a customer with invoices is not deleted). */
  @Roles('admin', 'backoffice')
  @Post(':id/archive')
  @HttpCode(200)
  archive(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.customers.setArchived(user, id, true);
  }

  @Roles('admin', 'backoffice')
  @Post(':id/unarchive')
  @HttpCode(200)
  unarchive(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.customers.setArchived(user, id, false);
  }

  @Roles('admin', 'backoffice')
  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.customers.remove(user, id);
  }
}
