import { Body, Param, Query, type PipeTransform } from '@nestjs/common';
import { NUL_BYTE_MESSAGE, containsNulByte, firstIssueMessage } from '@zunft/contracts';
import { z } from 'zod';
import { DomainError } from '../errors/domain.error.js';

// Issues without a message of their own (e.g. a wrong type where the schema set none) read German too.
z.config(z.locales.de());

/** Validates (and transforms) a value with a zod schema; a failure answers 400 with the first German issue. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    // PostgreSQL cannot store U+0000 in text: refused in any field of any payload, whatever its schema.
    if (containsNulByte(value)) throw new DomainError('validation_failed', NUL_BYTE_MESSAGE, 400);
    const result = this.schema.safeParse(value);
    if (!result.success) throw new DomainError('validation_failed', firstIssueMessage(result.error), 400);
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

/** `@ZodQuery(schema)`: the whole query string, validated. */
export const ZodQuery = <S extends z.ZodType>(schema: S): ParameterDecorator => Query(new ZodValidationPipe(schema));

/** `@ZodParam('id', uuidSchema)`: one path parameter, validated. */
export const ZodParam = <S extends z.ZodType>(name: string, schema: S): ParameterDecorator =>
  Param(name, new ZodValidationPipe(schema));
