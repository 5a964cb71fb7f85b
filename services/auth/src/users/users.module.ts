import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { SubscriptionDataModule } from '../subscriptions/index.js';
import { CraftsmanCategoriesRepository } from './craftsman-categories.repository.js';
import { CraftsmanCategoriesController } from './craftsman-categories.controller.js';
import { UserDependenciesClient } from './user-dependencies.client.js';
import { UserRecords } from './user-records.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [SessionsModule, SubscriptionDataModule],
  // The categories controller first: its static path must win over `users/:id` routes.
  controllers: [CraftsmanCategoriesController, UsersController],
  providers: [UsersRepository, CraftsmanCategoriesRepository, UsersService, UserDependenciesClient, UserRecords],
  exports: [UsersService, UserRecords],
})
export class UsersModule {}
