import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { NUL_BYTE_MESSAGE, type ErrorBody } from '@zunft/contracts';
import type { Logger } from 'pino';
import { currentRequestId } from '../http/request-context.js';
import { DomainError } from './domain.error.js';

const INTERNAL = 'Interner Serverfehler';
const GONE_MEANWHILE = 'Ein verknüpfter Datensatz wurde inzwischen gelöscht. Bitte laden Sie die Seite neu.';

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
const DATABASE_ERRORS: Record<string, { status: number; code: string; error: string }> = {
  '22P02': { status: 400, code: 'invalid_input', error: 'Ungültige Eingabe: ein Wert hat das falsche Format' },
  '22003': { status: 400, code: 'value_out_of_range', error: 'Ein Wert liegt ausserhalb des erlaubten Bereichs' },
  '22008': { status: 400, code: 'value_out_of_range', error: 'Ein Datum liegt ausserhalb des erlaubten Bereichs' },
  '22007': { status: 400, code: 'invalid_input', error: 'Ungültiges Datum oder ungültige Uhrzeit' },
  '22001': { status: 400, code: 'value_too_long', error: 'Ein Text ist zu lang' },
  '22021': { status: 400, code: 'validation_failed', error: NUL_BYTE_MESSAGE },
  '23503': { status: 409, code: 'reference_gone', error: GONE_MEANWHILE },
  '23505': {
    status: 409,
    code: 'duplicate',
    error: 'Dieser Eintrag existiert bereits. Bitte laden Sie die Seite neu.',
  },
};

/** German text for framework errors that carry no message of ours (body parser, unknown route…). */
function messageForHttpException(exception: HttpException): string {
  const status = exception.getStatus();
  switch (status) {
    case 400:
      return exception.cause instanceof SyntaxError ? 'Ungültiges JSON' : 'Ungültige Anfrage';
    case 401:
      return 'Bitte melden Sie sich an';
    case 403:
      return 'Keine Berechtigung für diese Aktion';
    case 404:
      return 'Die angeforderte Ressource wurde nicht gefunden';
    case 405:
      return 'Diese Methode ist nicht erlaubt';
    case 413:
      return 'Die Anfrage ist zu gross';
    case 415:
      return 'Nicht unterstützter Inhaltstyp';
    case 429:
      return 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.';
    default:
      return status >= 500 ? INTERNAL : 'Ungültige Anfrage';
  }
}

/**
 * The one place that turns errors into HTTP answers: `{ error, code?, requestId }` (+ details of a
 * DomainError). Unknown errors become 500 'Interner Serverfehler' and are logged with their stack.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly logger: Logger,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<unknown>();
    const requestId = currentRequestId() ?? undefined;
    let status: number;
    let body: ErrorBody & Record<string, unknown>;

    if (exception instanceof DomainError) {
      status = exception.status;
      body = { error: exception.message, code: exception.code, ...exception.details };
      if (status >= 500) this.logger.error({ err: exception, code: exception.code }, exception.message);
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      body = { error: messageForHttpException(exception) };
      if (status >= 500) this.logger.error({ err: exception }, 'http exception');
    } else if (DATABASE_ERRORS[sqlState(exception) ?? '']) {
      const known = DATABASE_ERRORS[sqlState(exception)!]!;
      status = known.status;
      body = { error: known.error, code: known.code };
      this.logger.warn({ err: exception, sqlState: sqlState(exception), requestId }, 'database refused the input');
    } else {
      status = 500;
      body = { error: INTERNAL };
      this.logger.error({ err: exception, requestId }, 'unhandled error');
    }
    if (requestId) body.requestId = requestId;
    const adapter = this.adapterHost.httpAdapter;
    // A stream that failed half-way (e.g. a file download) can only be ended, not answered.
    if (adapter.isHeadersSent(response)) adapter.end(response);
    else adapter.reply(response, body, status);
  }
}
