import { Body, Param, Query, type PipeTransform } from '@nestjs/common';
import {
  containsNulByte,
  firstIssueMessage,
  serverMessage,
  type Language,
  type ServerMessageRef,
} from '@zunft/contracts';
import { z } from 'zod';
import { DomainError } from '../errors/domain.error.js';

// Issues without a message of their own (e.g. a wrong type where the schema set none) read German too.
z.config(z.locales.de());

const ZOD_LOCALES = { de: z.locales.de(), fr: z.locales.fr(), it: z.locales.it() } as const;

function zodLocaleMessage(language: Language, issue: z.core.$ZodIssue): string | undefined {
  const rendered = ZOD_LOCALES[language].localeError(issue as unknown as z.core.$ZodRawIssue);
  return typeof rendered === 'string' ? rendered : rendered?.message;
}

/**
 * 400 `validation_failed`. The schemas' German messages are translated through the catalogue (the
 * field label included); zod's own default messages (no schema message) are rendered again with
 * zod's French or Italian locale from the issue.
 */
export class ValidationFailedError extends DomainError {
  /** The first zod issue, with the input (not enumerable: never logged or answered, it may hold a password). */
  declare readonly issue?: z.core.$ZodIssue;

  constructor(message: string | ServerMessageRef, issue?: z.core.$ZodIssue) {
    super('validation_failed', message, 400);
    Object.defineProperty(this, 'issue', { value: issue, enumerable: false });
  }

  override localizedMessage(language: Language): string {
    const translated = super.localizedMessage(language);
    if (language === 'de' || translated !== this.message || !this.issue) return translated;
    if (zodLocaleMessage('de', this.issue) !== this.message) return translated;
    return zodLocaleMessage(language, this.issue) ?? translated;
  }
}

/** Validates (and transforms) a value with a zod schema; a failure answers 400 with the first German issue. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    // PostgreSQL cannot store U+0000 in text: refused in any field of any payload, whatever its schema.
    if (containsNulByte(value)) throw new ValidationFailedError(serverMessage('validation.nul_byte'));
    // reportInput: zod's locales name the received type (only kept on the error, never answered).
    const result = this.schema.safeParse(value, { reportInput: true });
    if (!result.success) throw new ValidationFailedError(firstIssueMessage(result.error), result.error.issues[0]);
    return result.data;
  }
}

/** A missing or non-object JSON body is validated as `{}`, so the user sees "X ist erforderlich". */
class BodyPipe<S extends z.ZodType> extends ZodValidationPipe<S> {
  override transform(value: unknown): z.output<S> {
    const body = value === undefined || value === null || value === '' ? {} : value;
    return super.transform(body);
  }
}

/** `@ZodBody(schema) body: z.output<typeof schema>`: the request body, validated. */
export const ZodBody = <S extends z.ZodType>(schema: S): ParameterDecorator => Body(new BodyPipe(schema));

/** A request body validated only when the handler reads it (`value()`; a failure throws the same German 400). */
export interface LazyBody<T> {
  value(): T;
}

/** The pipe of `@LazyZodBody`: keeps `schema` (read by the bad-input suite) and validates on `value()`. */
export class LazyBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, LazyBody<z.output<S>>> {
  private readonly pipe: BodyPipe<S>;

  constructor(readonly schema: S) {
    this.pipe = new BodyPipe(schema);
  }

  transform(value: unknown): LazyBody<z.output<S>> {
    let parsed: { data: z.output<S> } | undefined;
    return {
      value: () => (parsed ??= { data: this.pipe.transform(value) }).data,
    };
  }
}

/**
 * `@LazyZodBody(schema) body: LazyBody<z.output<typeof schema>>`: for a route with an id and a body,
 * so the id is looked up first: another company's id answers 404 whatever the body, and the body is
 * validated (`body.value()`, German 400) once the record is known.
 */
export const LazyZodBody = <S extends z.ZodType>(schema: S): ParameterDecorator => Body(new LazyBodyPipe(schema));

/** `@ZodQuery(schema)`: the whole query string, validated. */
export const ZodQuery = <S extends z.ZodType>(schema: S): ParameterDecorator => Query(new ZodValidationPipe(schema));

/** `@ZodParam('id', uuidSchema)`: one path parameter, validated. */
export const ZodParam = <S extends z.ZodType>(name: string, schema: S): ParameterDecorator =>
  Param(name, new ZodValidationPipe(schema));
