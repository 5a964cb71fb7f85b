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
