import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { translateServerMessage, type ErrorBody, type ServerMessageKey } from '@zunft/contracts';
import type { Logger } from 'pino';
import { currentRequestId } from '../http/request-context.js';
import { DomainError } from './domain.error.js';
import { requestLanguage } from './request-language.js';

/** The SQLSTATE of a PostgreSQL error (TypeORM's QueryFailedError or the driver's own error). */
function sqlState(exception: unknown): string | undefined {
  const driverError = (exception as { driverError?: { code?: unknown } } | null)?.driverError;
  const code = driverError?.code ?? (exception as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * Database errors the filter can name: input the schemas let through but PostgreSQL refuses is the
 * client's fault (400), not a server fault. A foreign-key violation (23503) is a write referring to
 * a row that another request deleted after our checks (a material deleted while usage is recorded),
 * a unique violation (23505) two requests creating the same thing at once: both 409.
 */
const DATABASE_ERRORS: Record<string, { status: number; code: string; message: ServerMessageKey }> = {
  '22P02': { status: 400, code: 'invalid_input', message: 'db.invalid_format' },
  '22003': { status: 400, code: 'value_out_of_range', message: 'db.value_out_of_range' },
  '22008': { status: 400, code: 'value_out_of_range', message: 'db.date_out_of_range' },
  '22007': { status: 400, code: 'invalid_input', message: 'db.invalid_datetime' },
  '22001': { status: 400, code: 'value_too_long', message: 'db.value_too_long' },
  '22021': { status: 400, code: 'validation_failed', message: 'validation.nul_byte' },
  '23503': { status: 409, code: 'reference_gone', message: 'db.reference_gone' },
  '23505': { status: 409, code: 'duplicate', message: 'db.duplicate' },
};

/** Catalogue text for framework errors that carry no message of ours (body parser, unknown route…). */
function messageForHttpException(exception: HttpException): ServerMessageKey {
  const status = exception.getStatus();
  switch (status) {
    case 400:
      return exception.cause instanceof SyntaxError ? 'http.invalid_json' : 'http.bad_request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'http.not_found';
    case 405:
      return 'http.method_not_allowed';
    case 413:
      return 'http.payload_too_large';
    case 415:
      return 'http.unsupported_media_type';
    case 429:
      return 'http.too_many_requests';
    default:
      return status >= 500 ? 'internal' : 'http.bad_request';
  }
}

/**
 * The one place that turns errors into HTTP answers: `{ error, code?, requestId }` (+ details of a
 * DomainError). Unknown errors become 500 'Interner Serverfehler' and are logged with their stack.
 * `error` is in the request's language (requestLanguage: customer on public pages, token, else
 * Accept-Language, else German) from the catalogue in libs/contracts; `code` never changes.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly logger: Logger,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<unknown>();
    const language = requestLanguage(host.switchToHttp().getRequest<unknown>());
    const requestId = currentRequestId() ?? undefined;
    let status: number;
    let body: ErrorBody & Record<string, unknown>;

    if (exception instanceof DomainError) {
      status = exception.status;
      body = { error: exception.localizedMessage(language), code: exception.code, ...exception.details };
      if (status >= 500) this.logger.error({ err: exception, code: exception.code }, exception.message);
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      body = { error: translateServerMessage(messageForHttpException(exception), language) };
      if (status >= 500) this.logger.error({ err: exception }, 'http exception');
    } else if (DATABASE_ERRORS[sqlState(exception) ?? '']) {
      const known = DATABASE_ERRORS[sqlState(exception)!]!;
      status = known.status;
      body = { error: translateServerMessage(known.message, language), code: known.code };
      this.logger.warn({ err: exception, sqlState: sqlState(exception), requestId }, 'database refused the input');
    } else {
      status = 500;
      body = { error: translateServerMessage('internal', language) };
      this.logger.error({ err: exception, requestId }, 'unhandled error');
    }
    if (requestId) body.requestId = requestId;
    const adapter = this.adapterHost.httpAdapter;
    // A stream that failed half-way (e.g. a file download) can only be ended, not answered.
    if (adapter.isHeadersSent(response)) adapter.end(response);
    else {
      adapter.setHeader(response, 'Content-Language', language);
      // A throttled answer (429) tells the client how long to wait.
      if (typeof body.retry_after_seconds === 'number') {
        adapter.setHeader(response, 'Retry-After', String(body.retry_after_seconds));
      }
      adapter.reply(response, body, status);
    }
  }
}
