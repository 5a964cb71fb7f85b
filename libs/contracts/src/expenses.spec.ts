import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { firstIssueMessage } from './common.js';
import { eventDataSchemas } from './events.js';
import {
  EXPENSE_CATEGORIES,
  createExpenseRequestSchema,
  expenseNetAmount,
  expenseVatRate,
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
      vatIncluded: false,
    });
    expect(createExpenseRequestSchema.parse({ ...FORM, vatIncluded: 'true', vatRate: '2.6' })).toMatchObject({
      vatIncluded: true,
      vatRate: 2.6,
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

describe('expenseNetAmount: an expense entered with VAT is invoiced net (no VAT on VAT)', () => {
  it('takes the VAT out at the receipt’s rate, to the Rappen', () => {
    // 108.10 × 100 / 108.1 = 100.00
    expect(expenseNetAmount(108.1, true, 8.1)).toBe(100);
    // 51.30 × 100 / 102.6 = 50.00
    expect(expenseNetAmount(51.3, true, 2.6)).toBe(50);
    // 42.50 × 100 / 108.1 = 39.3154… → 39.32
    expect(expenseNetAmount(42.5, true, 8.1)).toBe(39.32);
    // 155.70 × 100 / 103.8 = 150.00
    expect(expenseNetAmount(155.7, true, 3.8)).toBe(150);
  });
  it('leaves a net amount as it is', () => {
    expect(expenseNetAmount(108.1, false, null)).toBe(108.1);
    expect(expenseNetAmount(108.1, true, null)).toBe(108.1);
  });
  it('stores the rate only with VAT included, 8.1 by default', () => {
    expect(expenseVatRate(true, undefined)).toBe(8.1);
    expect(expenseVatRate(true, 2.6)).toBe(2.6);
    expect(expenseVatRate(false, 8.1)).toBeNull();
  });
});
