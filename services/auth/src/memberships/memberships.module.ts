import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { InvitationLinkResponder } from './invitation-link.responder.js';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsRepository } from './invitations.repository.js';
import { MembershipsService } from './memberships.service.js';

/**
 * One fiduciary in several companies (issue 26): invitations (admin), the invitation link for
 * billing's mail, and the rules of the company switch (the session itself is the auth room's).
 */
@Module({
  imports: [SessionsModule, UsersModule, CompaniesModule],
  controllers: [InvitationsController],
  providers: [InvitationsRepository, MembershipsService, InvitationLinkResponder],
  exports: [MembershipsService],
})
export class MembershipsModule {}
