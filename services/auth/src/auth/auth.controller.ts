import { Controller, Get, HttpCode, Inject, Post, Put, UseInterceptors } from '@nestjs/common';
import {
  acceptInvitationRequestSchema,
  invitationTokenSchema,
  switchCompanyRequestSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  superAdminLoginRequestSchema,
  updateProfileRequestSchema,
  type AccessTokenClaims,
  type DemoLoginResponse,
} from '@zunft/contracts';
import { AccountantMayWrite, AllowWithoutPayment, CurrentUser, Public, ZodBody, ZodParam } from '@zunft/nest-common';
import type { z } from 'zod';
import { MembershipsService } from '../memberships/index.js';
import type {
  ChangePasswordInput,
  LoginInput,
  RegisterInput,
  SuperAdminLoginInput,
  UpdateProfileInput,
} from './auth.dto.js';
import { AUTH_CONFIG } from '../config/auth-config.module.js';
import type { AuthConfig } from '../config/auth.config.js';
import { AuthService } from './auth.service.js';
import { RefreshCookieInterceptor, RefreshTokenCookie } from './refresh-cookie.js';

@Controller('auth')
@UseInterceptors(RefreshCookieInterceptor)
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly memberships: MembershipsService,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  /** Whether the landing page shows the demo login (the setting reaches the browser here). */
  @Public()
  @Get('demo')
  demo(): DemoLoginResponse {
    return { enabled: this.config.demoLoginEnabled ?? false };
  }

  @Public()
  @Post('register')
  register(@ZodBody(registerRequestSchema) body: RegisterInput) {
    return this.auth.register(body);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@ZodBody(loginRequestSchema) body: LoginInput) {
    return this.auth.login(body);
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  refresh(@RefreshTokenCookie() token: string | null) {
    return this.auth.refresh(token);
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  logout(@RefreshTokenCookie() token: string | null) {
    return this.auth.logout(token);
  }

  @AllowWithoutPayment()
  @Get('profile')
  profile(@CurrentUser() user: AccessTokenClaims) {
    return this.auth.profile(user);
  }

  /** Their own name, language and phone: the read-only accountant may keep those up to date. */
  @AccountantMayWrite()
  @AllowWithoutPayment()
  @Put('profile')
  updateProfile(@CurrentUser() user: AccessTokenClaims, @ZodBody(updateProfileRequestSchema) body: UpdateProfileInput) {
    return this.auth.updateProfile(user, body);
  }

  @AccountantMayWrite()
  @Put('change-password')
  changePassword(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(changePasswordRequestSchema) body: ChangePasswordInput,
    @RefreshTokenCookie() token: string | null,
  ) {
    return this.auth.changePassword(user, body, token);
  }

  /** The companies the signed-in person may enter (issue 26: one fiduciary, several companies). */
  @AllowWithoutPayment()
  @Get('companies')
  companies(@CurrentUser() user: AccessTokenClaims) {
    return this.memberships.companiesOf(user);
  }

  /** A new session in another of the person's companies; the accountant may (it changes no data). */
  @AccountantMayWrite()
  @AllowWithoutPayment()
  @Post('switch-company')
  @HttpCode(200)
  switchCompany(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(switchCompanyRequestSchema) body: z.output<typeof switchCompanyRequestSchema>,
    @RefreshTokenCookie() token: string | null,
  ) {
    return this.auth.switchCompany(user, body.companyId, token);
  }

  /** The invitation page (public): whom the link invites, into which company, with or without an account. */
  @Public()
  @Get('invitations/:token')
  invitation(@ZodParam('token', invitationTokenSchema) token: string) {
    return this.memberships.info(token);
  }

  @Public()
  @Post('invitations/accept')
  @HttpCode(200)
  acceptInvitation(@ZodBody(acceptInvitationRequestSchema) body: z.output<typeof acceptInvitationRequestSchema>) {
    return this.auth.acceptInvitation(body);
  }

  @Public()
  @Post('superadmin-login')
  @HttpCode(200)
  superAdminLogin(@ZodBody(superAdminLoginRequestSchema) body: SuperAdminLoginInput) {
    return this.auth.superAdminLogin(body);
  }
}
