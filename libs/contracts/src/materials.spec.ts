import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { firstIssueMessage } from './common.js';
import {
  MATERIAL_CATEGORIES,
  MATERIAL_UNITS,
  createMaterialRequestSchema,
  createMaterialUsageRequestSchema,
  materialListQuerySchema,
  materialUsageListQuerySchema,
  rejectMaterialUsageRequestSchema,
  updateMaterialRequestSchema,
} from './materials.js';

const ID = '6f1c2b8e-0a4d-4c3b-9e2f-1a2b3c4d5e6f';

function errorOf(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : firstIssueMessage(r.error);
}

describe('materials contracts', () => {
  it('has the units and 15 categories of the spec', () => {
    expect(MATERIAL_UNITS).toEqual(['Stk', 'kg', 'm', 'm²', 'm³', 'l', 'Pkg']);
    expect(MATERIAL_CATEGORIES).toHaveLength(15);
    expect(MATERIAL_CATEGORIES).toContain('Farben & Lacke');
    expect(MATERIAL_CATEGORIES).toContain('Sicherheitsausrüstung');
  });

  it('material: required name, unit, price; defaults stock 0, min 0; empty strings mean null', () => {
    expect(
      createMaterialRequestSchema.parse({
        name: ' Rohr ',
        unit: 'm',
        unitPrice: '12.35',
        category: '',
        description: '',
      }),
    ).toEqual({
      name: 'Rohr',
      unit: 'm',
      unitPrice: 12.35,
      category: null,
      description: null,
      stockQuantity: 0,
      minStock: 0,
    });
    expect(errorOf(createMaterialRequestSchema, { unit: 'm', unitPrice: 1 })).toBe('Name ist erforderlich');
    expect(errorOf(createMaterialRequestSchema, { name: 'X', unitPrice: 1 })).toBe('Einheit ist erforderlich');
    expect(errorOf(createMaterialRequestSchema, { name: 'X', unit: '', unitPrice: 1 })).toBe(
      'Einheit ist erforderlich',
    );
    expect(errorOf(createMaterialRequestSchema, { name: 'X', unit: 'Stk', unitPrice: null })).toBe(
      'Preis pro Einheit ist erforderlich',
    );
    expect(errorOf(createMaterialRequestSchema, { name: 'X', unit: 'Stk', unitPrice: 0.1 + 0.2 })).toBeNull();
    expect(errorOf(createMaterialRequestSchema, { name: 'X', unit: 'Stk', unitPrice: 0.001 })).toBe(
      'Preis pro Einheit: höchstens zwei Nachkommastellen',
    );
    expect(errorOf(createMaterialRequestSchema, { name: 'X', unit: 'Stk', unitPrice: 1, stockQuantity: -1 })).toBe(
      'Lagerbestand darf nicht negativ sein',
    );
    expect(errorOf(createMaterialRequestSchema, { name: 'X', unit: 'Stk', unitPrice: 1, minStock: 0.5 })).toBe(
      'Mindestbestand muss eine ganze Zahl sein',
    );
  });

  it('material update: only given fields', () => {
    expect(updateMaterialRequestSchema.parse({ minStock: 3 })).toEqual({ minStock: 3 });
    expect(errorOf(updateMaterialRequestSchema, { unit: 'Liter' })).toBe(
      'Ungültige Einheit. Erlaubt: Stk, kg, m, m², m³, l, Pkg',
    );
  });

  it('stock: whole numbers on create, up to 2 decimals on update (stock left fractional by usage)', () => {
    expect(errorOf(createMaterialRequestSchema, { name: 'X', unit: 'kg', unitPrice: 1, stockQuantity: 12.5 })).toBe(
      'Lagerbestand muss eine ganze Zahl sein',
    );
    expect(updateMaterialRequestSchema.parse({ unitPrice: 9.9, stockQuantity: 12.5 })).toEqual({
      unitPrice: 9.9,
      stockQuantity: 12.5,
    });
    expect(updateMaterialRequestSchema.parse({ stockQuantity: '0.1' })).toEqual({ stockQuantity: 0.1 });
    expect(updateMaterialRequestSchema.parse({ stockQuantity: 12.34 }).stockQuantity).toBe(12.34);
    expect(errorOf(updateMaterialRequestSchema, { stockQuantity: 12.345 })).toBe(
      'Lagerbestand: höchstens zwei Nachkommastellen',
    );
    expect(errorOf(updateMaterialRequestSchema, { stockQuantity: -0.5 })).toBe('Lagerbestand darf nicht negativ sein');
    // the minimum stock stays a whole number
    expect(errorOf(updateMaterialRequestSchema, { minStock: 0.5 })).toBe('Mindestbestand muss eine ganze Zahl sein');
  });

  it('usage: project, material, quantity >= 0.01 with 2 decimals, date yyyy-MM-dd', () => {
    const ok = createMaterialUsageRequestSchema.parse({
      projectId: ID,
      materialId: ID,
      quantity: '0.01',
      unitPrice: '',
    });
    expect(ok).toMatchObject({ projectId: ID, materialId: ID, quantity: 0.01, unitPrice: null });
    expect(errorOf(createMaterialUsageRequestSchema, { materialId: ID, quantity: 1 })).toBe('Projekt ist erforderlich');
    expect(errorOf(createMaterialUsageRequestSchema, { projectId: ID, quantity: 1 })).toBe('Material ist erforderlich');
    expect(errorOf(createMaterialUsageRequestSchema, { projectId: ID, materialId: ID })).toBe('Menge ist erforderlich');
    expect(errorOf(createMaterialUsageRequestSchema, { projectId: ID, materialId: ID, quantity: 0.009 })).toBe(
      'Menge muss mindestens 0.01 sein',
    );
    expect(
      errorOf(createMaterialUsageRequestSchema, {
        projectId: ID,
        materialId: ID,
        quantity: 1,
        usageDate: '2026-02-30',
      }),
    ).toBe('Datum ist kein gültiges Datum');
  });

  it('queries and reject', () => {
    expect(materialListQuerySchema.parse({})).toEqual({ includeInactive: false });
    expect(materialListQuerySchema.parse({ includeInactive: 'true' })).toEqual({ includeInactive: true });
    expect(materialUsageListQuerySchema.parse({ projectId: '', status: 'pending' })).toEqual({
      projectId: null,
      status: 'pending',
    });
    expect(errorOf(rejectMaterialUsageRequestSchema, {})).toBe('Begründung ist erforderlich');
  });
});
