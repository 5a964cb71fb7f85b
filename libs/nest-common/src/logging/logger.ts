import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config/load-config.js';
import { currentRequestId } from '../http/request-context.js';

/** JSON logger of a service; every line carries the service name and, inside a request, its id. */
export function createLogger(options: { service: string; level?: LogLevel }): Logger {
  return pino({
    level: options.level ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  });
}

/**
 * Splits a Nest log message into pino's (fields, text): services log either text or an object
 * such as `{ msg: 'user anonymised', userId, ...counts }`, whose fields become JSON fields.
 */
export function toPinoArgs(message: unknown, context?: string): [Record<string, unknown>, string] {
  if (message instanceof Error) return [{ context, err: message }, message.message];
  if (message && typeof message === 'object' && !Array.isArray(message)) {
    const { msg, message: text, ...fields } = message as Record<string, unknown>;
    const label = typeof msg === 'string' ? msg : typeof text === 'string' ? text : '';
    return [{ context, ...fields }, label];
  }
  return [{ context }, String(message)];
}

/** Hands Nest's own log lines (bootstrap, route mapping, errors) and the services' Logger calls to pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info(...toPinoArgs(message, context));
  }
  error(message: unknown, trace?: string, context?: string): void {
    const [fields, text] = toPinoArgs(message, context);
    this.logger.error({ ...fields, trace }, text);
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn(...toPinoArgs(message, context));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug(...toPinoArgs(message, context));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace(...toPinoArgs(message, context));
  }
  fatal(message: unknown, context?: string): void {
    this.logger.fatal(...toPinoArgs(message, context));
  }
}
