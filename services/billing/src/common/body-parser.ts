import type { NestExpressApplication } from '@nestjs/platform-express';

/**
 * JSON bodies up to 2 MB: the quote acceptance carries the signature PNG (≤ 500 KB, about 680 KB
 * as base64), a report signature up to 1 MB (about 1.37 MB as base64). Registered before `init()`,
 * it replaces Nest's default 100 KB JSON parser.
 */
export function useBillingBodyParser(app: NestExpressApplication): void {
  app.useBodyParser('json', { limit: '2mb' });
}
