import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { firstIssueMessage } from './common.js';
import { eventDataSchemas } from './events.js';
import {
  EXPENSE_CATEGORIES,
  createExpenseRequestSchema,
  expenseListQuerySchema,
  rejectExpenseRequestSchema,
  updateExpenseRequestSchema,
} from './expenses.js';

const ID = '6f1c2b8e-0a4d-4c3b-9e2f-1a2b3c4d5e6f';
const FORM = { category: 'transport', description: 'Zug', amount: '42.50', expenseDate: '2026-03-14' };

function errorOf(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : firstIssueMessage(r.error);
}

describe('expenses contracts', () => {
  it('has the seven categories of the spec', () => {
    expect(EXPENSE_CATEGORIES).toEqual([
      'transport',
      'meals',
      'accommodation',
      'materials',
      'office',
      'communication',
      'other',
    ]);
  });

  it('parses multipart strings: amount as number, empty project as null', () => {
    expect(createExpenseRequestSchema.parse({ ...FORM, description: ' Zug ', projectId: '' })).toEqual({
      category: 'transport',
      description: 'Zug',
      amount: 42.5,
      expenseDate: '2026-03-14',
      projectId: null,
    });
    expect(createExpenseRequestSchema.parse({ ...FORM, projectId: ID }).projectId).toBe(ID);
    expect(createExpenseRequestSchema.parse(FORM).projectId).toBeUndefined();
  });

  it('German messages for missing and invalid fields', () => {
    expect(errorOf(createExpenseRequestSchema, {})).toBe('Kategorie ist erforderlich');
    expect(errorOf(createExpenseRequestSchema, { ...FORM, description: '' })).toBe('Beschreibung ist erforderlich');
    expect(errorOf(createExpenseRequestSchema, { ...FORM, amount: '0.00' })).toBe(
      'Der Betrag muss mindestens CHF 0.01 sein',
    );
    expect(errorOf(createExpenseRequestSchema, { ...FORM, amount: '0.01' })).toBeNull();
    expect(errorOf(createExpenseRequestSchema, { ...FORM, amount: 'Infinity' })).toBe('Betrag muss eine Zahl sein');
    expect(errorOf(createExpenseRequestSchema, { ...FORM, expenseDate: undefined })).toBe('Datum ist erforderlich');
    expect(errorOf(createExpenseRequestSchema, { ...FORM, description: 'x'.repeat(501) })).toBe(
      'Beschreibung ist zu lang (max. 500 Zeichen)',
    );
    expect(errorOf(rejectExpenseRequestSchema, { reason: ' ' })).toBe('Begründung ist erforderlich');
    expect(errorOf(expenseListQuerySchema, { userId: 'x' })).toBe('Ungültige Benutzer-ID');
  });

  it('update: removeReceipt from a form field; a missing projectId keeps the project', () => {
    const parsed = updateExpenseRequestSchema.parse({ ...FORM, removeReceipt: 'true' });
    expect(parsed.removeReceipt).toBe(true);
    expect(parsed.projectId).toBeUndefined();
    expect(updateExpenseRequestSchema.parse(FORM).removeReceipt).toBe(false);
    expect(errorOf(updateExpenseRequestSchema, { ...FORM, removeReceipt: 'vielleicht' })).toBe(
      'removeReceipt muss true oder false sein',
    );
  });

  it('event payloads', () => {
    const data = {
      expenseId: ID,
      userId: ID,
      projectId: null,
      category: 'meals',
      description: 'Essen',
      amount: 12.5,
      expenseDate: '2026-03-14',
      status: 'pending',
      hasReceipt: false,
    };
    expect(eventDataSchemas['operations.expense.created'].parse(data)).toEqual(data);
    expect(() => eventDataSchemas['operations.expense.rejected'].parse(data)).toThrow();
    expect(
      eventDataSchemas['operations.expense.deleted'].parse({ expenseId: ID, userId: ID, projectId: null }),
    ).toBeTruthy();
  });
});
