import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config/load-config.js';
import { currentRequestId } from '../http/request-context.js';
import { logTraceIds } from '../tracing/tracing.js';

/** Field names whose values never reach a log line (any letter case, at any depth up to four levels). */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'secret',
  'clientSecret',
  'apiKey',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'signature',
  'iban',
  'qrIban',
  'email',
];
export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => {
  const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const dot = k.startsWith('[') ? '' : '.';
  return [k, `*${dot}${k}`, `*.*${dot}${k}`, `*.*.*${dot}${k}`];
});

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** IBANs with or without spaces (CH and every other country: 2 letters, 2 digits, 11-30 more). */
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;
/** Bearer tokens and JWTs that end up inside a text. */
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

/** Masks e-mail addresses, IBANs and tokens inside a text. */
export function maskText(text: string): string {
  return text
    .replace(BEARER, '$1[redacted]')
    .replace(JWT, '[redacted]')
    .replace(EMAIL, '[email]')
    .replace(IBAN, '[iban]');
}

function maskDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value);
  if (depth > 6 || value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (value instanceof Error) {
    // A copy of the same class (pino's error serializer names it), with masked texts.
    const copy = Object.assign(Object.create(Object.getPrototypeOf(value) as object) as Error, value);
    Object.defineProperty(copy, 'message', { value: maskText(value.message), enumerable: false, writable: true });
    Object.defineProperty(copy, 'stack', {
      value: value.stack && maskText(value.stack),
      enumerable: false,
      writable: true,
    });
    return copy;
  }
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = maskDeep(v, depth + 1);
  return out;
}

/**
 * JSON logger of a service; every line carries the service name and, inside a request, its id
 * (and `traceId`/`spanId` inside a span when tracing is on).
 * Redaction: fields named like secrets (REDACTED_PATHS: passwords, tokens, cookies, IBANs, e-mail
 * addresses) become `[redacted]`, and e-mail addresses, IBANs and tokens inside any text (message,
 * error, URL) are masked, so a log line never carries them whoever wrote it.
 */
export function createLogger(options: {
  service: string;
  level?: LogLevel;
  destination?: pino.DestinationStream;
}): Logger {
  const logger = pino(
    {
      level: options.level ?? 'info',
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((a) => (typeof a === 'string' ? maskText(a) : a)) as Parameters<typeof method>);
        },
      },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => maskDeep(object) as Record<string, unknown>,
      },
      mixin: () => {
        const requestId = currentRequestId();
        // With tracing on, every line inside a span carries its trace; off, a request's line carries
        // the trace id of its incoming `traceparent` (issue 27).
        const trace = logTraceIds();
        if (!trace) return requestId ? { requestId } : {};
        return requestId ? { requestId, ...trace } : trace;
      },
    },
    options.destination,
  );
  return logger;
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
