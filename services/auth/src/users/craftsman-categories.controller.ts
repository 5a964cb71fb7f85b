import { Controller, Get, Post } from '@nestjs/common';
import { createCraftsmanCategoryRequestSchema, type AccessTokenClaims } from '@zunft/contracts';
import { CurrentUser, Roles, ZodBody } from '@zunft/nest-common';
import type { CreateCraftsmanCategoryInput } from './users.dto.js';
import { UsersService } from './users.service.js';

/** Craft categories: every role reads them (user form, profile); only admins add. */
@Controller('users/craftsman-categories')
export class CraftsmanCategoriesController {
  constructor(private readonly users: UsersService) {}

  @Get()
  list(@CurrentUser() user: AccessTokenClaims) {
    return this.users.listCategories(user);
  }

  @Roles('admin')
  @Post()
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createCraftsmanCategoryRequestSchema) body: CreateCraftsmanCategoryInput,
  ) {
    return this.users.createCategory(user, body);
  }
}
