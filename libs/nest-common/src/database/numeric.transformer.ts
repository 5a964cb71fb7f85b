import type { ValueTransformer } from 'typeorm';

/**
 * PostgreSQL returns numeric columns as strings (exactness); the API speaks JSON numbers.
 * Money is numeric(12,2) and percentages numeric(5,2), both well inside double precision.
 */
export const numericTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null || value === undefined ? null : Number(value)),
};
