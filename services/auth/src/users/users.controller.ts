import { Controller, Delete, Get, Post, Put } from '@nestjs/common';
import {
  activatePaymentRequestSchema,
  createUserRequestSchema,
  updateUserRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodBody, ZodParam, type LazyBody } from '@zunft/nest-common';
import type { CreateUserInput, UpdateUserInput } from './users.dto.js';
import { UsersService } from './users.service.js';

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** Backoffice reads the list too: employee filters on time, expenses and reports. */
  @Roles('admin', 'backoffice')
  @Get()
  list(@CurrentUser() user: AccessTokenClaims) {
    return this.users.list(user);
  }

  @Roles('admin')
  @Post()
  create(@CurrentUser() user: AccessTokenClaims, @ZodBody(createUserRequestSchema) body: CreateUserInput) {
    return this.users.create(user, body);
  }

  @Roles('admin')
  @Put(':id')
  update(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(updateUserRequestSchema) body: LazyBody<UpdateUserInput>,
  ) {
    return this.users.update(user, id, () => body.value());
  }

  @Roles('admin')
  @Put(':id/deactivate')
  deactivate(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.users.deactivate(user, id);
  }

  @Roles('admin')
  @Put(':id/activate')
  activate(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.users.activate(user, id);
  }

  @Roles('admin')
  @Put(':id/activate-payment')
  activatePayment(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(activatePaymentRequestSchema) body: LazyBody<{ transaction_id: string }>,
  ) {
    // the user is looked up before the body is read: another company's user answers 404, even with a bad body
    return this.users.activateAfterPayment(user, id, () => body.value().transaction_id);
  }

  @Roles('admin')
  @Delete(':id/pending-payment')
  removePending(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.users.removePending(user, id);
  }

  @Roles('admin')
  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.users.remove(user, id);
  }
}
