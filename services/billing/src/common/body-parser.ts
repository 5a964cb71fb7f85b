import type { NestExpressApplication } from '@nestjs/platform-express';

/**
 * JSON bodies up to 1 MB: the acceptance call carries the signature PNG (≤ 500 KB, about 680 KB
 * as base64). Registered before `init()`, it replaces Nest's default 100 KB JSON parser.
 */
export function useBillingBodyParser(app: NestExpressApplication): void {
  app.useBodyParser('json', { limit: '1mb' });
}
