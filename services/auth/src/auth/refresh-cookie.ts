import {
  Inject,
  Injectable,
  createParamDecorator,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { REFRESH_COOKIE_NAME, REFRESH_COOKIE_PATH } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';
import type { CookieOptions, Request, Response } from 'express';
import { catchError, map, throwError, type Observable } from 'rxjs';
import { AUTH_CONFIG } from '../config/auth-config.module.js';
import type { AuthConfig } from '../config/auth.config.js';
import type { RefreshCookie } from '../sessions/sessions.service.js';

/** A service answer plus what to do with the refresh cookie; the interceptor applies it. */
export class WithRefreshCookie<T> {
  constructor(
    readonly body: T,
    readonly cookie: RefreshCookie | 'clear' | 'keep',
  ) {}
}

/** The refresh token from the `zunft_refresh` cookie (null when absent). */
export const RefreshTokenCookie = createParamDecorator((_data: unknown, ctx: ExecutionContext): string | null => {
  const header = ctx.switchToHttp().getRequest<Request>().headers.cookie;
  return header ? readCookie(header, REFRESH_COOKIE_NAME) : null;
});

export function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Sets or clears the httpOnly refresh cookie (Path=/api/auth, SameSite=Strict, Secure on https).
 * A refresh that fails also clears it, so the browser stops sending a dead token.
 */
@Injectable()
export class RefreshCookieInterceptor implements NestInterceptor {
  constructor(@Inject(AUTH_CONFIG) private readonly config: AuthConfig) {}

  private get baseOptions(): CookieOptions {
    return {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.appUrl.startsWith('https://'),
      path: REFRESH_COOKIE_PATH,
    };
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((result: unknown) => {
        if (!(result instanceof WithRefreshCookie)) return result;
        if (result.cookie === 'clear') response.clearCookie(REFRESH_COOKIE_NAME, this.baseOptions);
        else if (result.cookie !== 'keep') {
          const { token, persistent, maxAgeSeconds } = result.cookie;
          response.cookie(REFRESH_COOKIE_NAME, token, {
            ...this.baseOptions,
            ...(persistent ? { maxAge: maxAgeSeconds * 1000 } : {}),
          });
        }
        return result.body;
      }),
      catchError((error: unknown) => {
        if (error instanceof DomainError && error.code === 'refresh_invalid') {
          response.clearCookie(REFRESH_COOKIE_NAME, this.baseOptions);
        }
        return throwError(() => error);
      }),
    );
  }
}
