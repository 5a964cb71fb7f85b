import { Module } from '@nestjs/common';
import { UserDependenciesRepository } from './user-dependencies.repository.js';
import { UserDependenciesResponder } from './user-dependencies.responder.js';

/** Counts for the auth service's permanent user deletion (NATS request/reply, no HTTP route). */
@Module({ providers: [UserDependenciesRepository, UserDependenciesResponder] })
export class UserDependenciesModule {}
