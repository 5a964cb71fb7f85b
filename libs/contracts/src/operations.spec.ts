import { describe, expect, it } from '@jest/globals';
import { firstIssueMessage } from './common.js';
import { createExpenseRequestSchema, updateExpenseRequestSchema } from './expenses.js';
import { createMaterialUsageRequestSchema } from './materials.js';
import {
  createProjectRequestSchema,
  createTimeEntryRequestSchema,
  customerRequestSchema,
  startTimeEntryRequestSchema,
  stopTimeEntryRequestSchema,
  timeEntryListQuerySchema,
  updateProjectRequestSchema,
} from './operations.js';
import type { z } from 'zod';

const ID = '6f1c2b8e-0a4d-4c3b-9e2f-1a2b3c4d5e6f';

function errorOf(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : firstIssueMessage(r.error);
}

describe('customerRequestSchema', () => {
  it('requires a name and turns empty optional fields into null', () => {
    expect(errorOf(customerRequestSchema, {})).toBe('Firmenname / Name ist erforderlich');
    expect(errorOf(customerRequestSchema, { name: '   ' })).toBe('Firmenname / Name ist erforderlich');
    const parsed = customerRequestSchema.parse({ name: ' Müller AG ', email: '', phone: '', language: '' });
    expect(parsed).toMatchObject({ name: 'Müller AG', email: null, phone: null, language: null });
  });

  it('checks the e-mail and the language', () => {
    expect(errorOf(customerRequestSchema, { name: 'X', email: 'nope' })).toBe(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    );
    expect(errorOf(customerRequestSchema, { name: 'X', language: 'en' })).toBe(
      'Ungültige Sprache. Erlaubt: de, fr, it',
    );
    expect(customerRequestSchema.parse({ name: 'X', email: 'Info@Firma.CH' }).email).toBe('info@firma.ch');
  });
});

describe('project schemas', () => {
  it('requires customer and title; budget is a non-negative amount with two decimals', () => {
    expect(errorOf(createProjectRequestSchema, { title: 'X' })).toBe('Kunde ist erforderlich');
    expect(errorOf(createProjectRequestSchema, { customerId: ID })).toBe('Titel ist erforderlich');
    expect(errorOf(createProjectRequestSchema, { customerId: ID, title: 'X', budget: -1 })).toBe(
      'Budget darf nicht negativ sein',
    );
    expect(errorOf(createProjectRequestSchema, { customerId: ID, title: 'X', budget: 1.234 })).toBe(
      'Budget: höchstens zwei Nachkommastellen',
    );
    expect(createProjectRequestSchema.parse({ customerId: ID, title: 'X', budget: '', startDate: '' })).toMatchObject({
      budget: null,
      startDate: null,
    });
  });

  it('dates are yyyy-MM-dd and the end is not before the start', () => {
    expect(errorOf(createProjectRequestSchema, { customerId: ID, title: 'X', startDate: '1.5.2026' })).toBe(
      'Startdatum muss ein Datum im Format JJJJ-MM-TT sein',
    );
    expect(errorOf(updateProjectRequestSchema, { startDate: '2026-05-02', endDate: '2026-05-01' })).toBe(
      'Das Enddatum darf nicht vor dem Startdatum liegen',
    );
    expect(errorOf(updateProjectRequestSchema, { status: 'done' })).toBe(
      'Ungültiger Status. Erlaubt: planned, in_progress, completed, cancelled',
    );
  });
});

describe('time entry schemas', () => {
  it('start: project required; GPS optional, in range and as a pair', () => {
    expect(errorOf(startTimeEntryRequestSchema, {})).toBe('Projekt ist erforderlich');
    expect(errorOf(startTimeEntryRequestSchema, { projectId: ID })).toBeNull();
    expect(
      errorOf(startTimeEntryRequestSchema, { projectId: ID, latitude: 47.1, longitude: 8.5, accuracy: 10 }),
    ).toBeNull();
    expect(errorOf(startTimeEntryRequestSchema, { projectId: ID, latitude: -91, longitude: 8 })).toBe(
      'Breitengrad muss zwischen -90 und 90 liegen',
    );
    expect(errorOf(startTimeEntryRequestSchema, { projectId: ID, latitude: 47, longitude: 181 })).toBe(
      'Längengrad muss zwischen -180 und 180 liegen',
    );
    expect(errorOf(startTimeEntryRequestSchema, { projectId: ID, longitude: 8 })).toBe(
      'Breiten- und Längengrad müssen zusammen angegeben werden',
    );
  });

  it('stop: break defaults to 0, whole non-negative minutes', () => {
    expect(stopTimeEntryRequestSchema.parse({ timeEntryId: ID }).breakMinutes).toBe(0);
    expect(errorOf(stopTimeEntryRequestSchema, { timeEntryId: ID, breakMinutes: -1 })).toBe(
      'Pause darf nicht negativ sein',
    );
    expect(errorOf(stopTimeEntryRequestSchema, { timeEntryId: ID, breakMinutes: 1.5 })).toBe(
      'Pause muss eine ganze Zahl (Minuten) sein',
    );
  });

  it('manual: start and end required, end after start, normalised to ISO UTC', () => {
    expect(errorOf(createTimeEntryRequestSchema, { projectId: ID, endTime: '2026-11-18T10:00:00Z' })).toBe(
      'Startzeit ist erforderlich',
    );
    expect(
      errorOf(createTimeEntryRequestSchema, {
        projectId: ID,
        startTime: '2026-11-18T10:00:00Z',
        endTime: '2026-11-18T09:00:00Z',
      }),
    ).toBe('Die Endzeit muss nach der Startzeit liegen');
    const parsed = createTimeEntryRequestSchema.parse({
      projectId: ID,
      startTime: '2026-11-18T08:00:00+01:00',
      endTime: '2026-11-18T09:00:00+01:00',
    });
    expect(parsed).toMatchObject({
      startTime: '2026-11-18T07:00:00.000Z',
      endTime: '2026-11-18T08:00:00.000Z',
      breakMinutes: 0,
    });
  });

  it('manual: a timer run offline brings its start and stop positions (optional, pairs, in range)', () => {
    const times = { projectId: ID, startTime: '2026-11-18T08:00:00Z', endTime: '2026-11-18T09:00:00Z' };
    expect(createTimeEntryRequestSchema.parse(times).startPosition).toBeUndefined();
    expect(
      createTimeEntryRequestSchema.parse({
        ...times,
        startPosition: { latitude: 46.95, longitude: 7.44, accuracy: 12 },
        endPosition: null,
      }),
    ).toMatchObject({ startPosition: { latitude: 46.95, longitude: 7.44, accuracy: 12 }, endPosition: null });
    expect(errorOf(createTimeEntryRequestSchema, { ...times, endPosition: { latitude: 46.95 } })).toBe(
      'Breiten- und Längengrad müssen zusammen angegeben werden',
    );
    expect(errorOf(createTimeEntryRequestSchema, { ...times, startPosition: { latitude: 95, longitude: 7 } })).toBe(
      'Breitengrad muss zwischen -90 und 90 liegen',
    );
  });

  it('list query: defaults and limits', () => {
    expect(timeEntryListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 50 });
    expect(timeEntryListQuerySchema.parse({ page: '3', pageSize: '20', projectId: '' })).toEqual({
      page: 3,
      pageSize: 20,
      projectId: null,
    });
    expect(errorOf(timeEntryListQuerySchema, { pageSize: '201' })).toBe('Seitengrösse darf höchstens 200 sein');
    expect(errorOf(timeEntryListQuerySchema, { page: '0' })).toBe('Seite muss mindestens 1 sein');
  });
});

describe('client-chosen id of create requests (a repeated save gets the first record)', () => {
  const TIME = { projectId: ID, startTime: '2026-11-18T08:00:00Z', endTime: '2026-11-18T12:00:00Z' };
  const USAGE = { projectId: ID, materialId: ID, quantity: 1 };
  const EXPENSE = { category: 'transport', description: 'Zug', amount: '42.50', expenseDate: '2026-03-14' };
  const CLIENT_ID = 'c1d2e3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const cases = [
    [createTimeEntryRequestSchema, TIME],
    [createMaterialUsageRequestSchema, USAGE],
    [createExpenseRequestSchema, EXPENSE],
  ] as const;

  it.each(cases)('is optional; empty means none; a malformed one is a German error', (schema, base) => {
    expect((schema.parse({ ...base }) as { id?: unknown }).id).toBeUndefined();
    expect((schema.parse({ ...base, id: '' }) as { id?: unknown }).id).toBeNull();
    expect((schema.parse({ ...base, id: CLIENT_ID }) as { id?: unknown }).id).toBe(CLIENT_ID);
    expect(errorOf(schema, { ...base, id: 'abc' })).toBe('Ungültige ID');
    expect(errorOf(schema, { ...base, id: 7 })).toBe('Ungültige ID');
  });

  it('an expense update takes no id', () => {
    expect(updateExpenseRequestSchema.parse({ ...EXPENSE, id: CLIENT_ID })).not.toHaveProperty('id');
  });
});
