import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { JWT_PUBLIC_KEY, JwtStrategy } from './jwt.strategy.js';
import { RolesGuard } from './roles.guard.js';
import { SubscriptionGuard } from './subscription.guard.js';

/**
 * Token verification and access rules for a whole service: every route needs a valid access
 * token (unless @Public), then @Roles, then the subscription gate. Order matters: a wrong role is
 * a 403 'Keine Berechtigung' even when the trial ended.
 *
 * Optional: a service that knows its users provides `USER_STATUS_CHECK` (see user-status.ts) and
 * exports it from a global module (e.g. its directory module); the JWT guard then refuses tokens
 * of deactivated or deleted users with 401 `account_deactivated`.
 */
@Module({})
export class JwtAuthModule {
  static forRoot(options: { publicKey: string }): DynamicModule {
    return {
      module: JwtAuthModule,
      global: true,
      providers: [
        { provide: JWT_PUBLIC_KEY, useValue: options.publicKey },
        JwtStrategy,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_GUARD, useClass: SubscriptionGuard },
      ],
      exports: [JWT_PUBLIC_KEY],
    };
  }
}
