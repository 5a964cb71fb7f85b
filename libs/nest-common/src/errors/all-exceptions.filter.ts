import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import type { ErrorBody } from '@zunft/contracts';
import type { Logger } from 'pino';
import { currentRequestId } from '../http/request-context.js';
import { DomainError } from './domain.error.js';

const INTERNAL = 'Interner Serverfehler';
const GONE_MEANWHILE = 'Ein verknüpfter Datensatz wurde inzwischen gelöscht. Bitte laden Sie die Seite neu.';

/**
 * PostgreSQL's foreign-key violation (23503): a write referring to a row that another request
 * deleted after our checks (a material deleted while usage is recorded, a project deleted while a
 * timer starts). A race, not a server fault: 409 with a German text instead of a 500.
 */
function isForeignKeyRace(exception: unknown): boolean {
  const driverError = (exception as { driverError?: { code?: unknown } } | null)?.driverError;
  const code = driverError?.code ?? (exception as { code?: unknown } | null)?.code;
  return code === '23503';
}

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
    } else if (isForeignKeyRace(exception)) {
      status = 409;
      body = { error: GONE_MEANWHILE, code: 'reference_gone' };
      this.logger.warn({ err: exception }, 'foreign key race');
    } else {
      status = 500;
      body = { error: INTERNAL };
      this.logger.error({ err: exception }, 'unhandled error');
    }
    if (requestId) body.requestId = requestId;
    const adapter = this.adapterHost.httpAdapter;
    // A stream that failed half-way (e.g. a file download) can only be ended, not answered.
    if (adapter.isHeadersSent(response)) adapter.end(response);
    else adapter.reply(response, body, status);
  }
}
