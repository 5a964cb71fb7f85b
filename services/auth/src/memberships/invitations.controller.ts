import { Controller, Delete, Get, Post } from '@nestjs/common';
import { createInvitationRequestSchema, uuidSchema, type AccessTokenClaims } from '@zunft/contracts';
import { CurrentUser, Roles, ZodBody, ZodParam } from '@zunft/nest-common';
import type { z } from 'zod';
import { MembershipsService } from './memberships.service.js';

/** The admin's invitations of fiduciaries by e-mail (issue 26). */
@Controller('users/invitations')
export class InvitationsController {
  constructor(private readonly memberships: MembershipsService) {}

  @Roles('admin')
  @Get()
  list(@CurrentUser() user: AccessTokenClaims) {
    return this.memberships.list(user);
  }

  @Roles('admin')
  @Post()
  invite(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createInvitationRequestSchema) body: z.output<typeof createInvitationRequestSchema>,
  ) {
    return this.memberships.invite(user, body);
  }

  @Roles('admin')
  @Delete(':id')
  revoke(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.memberships.revoke(user, id);
  }
}
