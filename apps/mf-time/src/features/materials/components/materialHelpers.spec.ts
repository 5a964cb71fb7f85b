import { describe, expect, it } from '@jest/globals';
import { aMaterial, aUsage } from '../../../test/materials';
import {
  toMaterialFormValues,
  toMaterialUpdate,
  canApproveUsage,
  canChangeUsage,
  canDeleteUsage,
  formatQuantity,
  isLowStock,
  toMaterialRequest,
  toUsageRequest,
  todayIso,
  usageAmount,
} from './materialHelpers';

describe('material update payload', () => {
  it('leaves out the stock the user did not change, sends a changed one', () => {
    const loaded = aMaterial({ stock_quantity: 10, unit_price: 4 });
    const values = toMaterialFormValues(loaded);
    expect(toMaterialUpdate({ ...values, unitPrice: 5 }, loaded)).not.toHaveProperty('stockQuantity');
    expect(toMaterialUpdate({ ...values, stockQuantity: 12 }, loaded)).toMatchObject({ stockQuantity: 12 });
  });
});

describe('low stock (part 1 §9: stock at most the minimum)', () => {
  it('is low at and below the minimum, not above it', () => {
    expect(isLowStock({ stock_quantity: 5, min_stock: 5 })).toBe(true);
    expect(isLowStock({ stock_quantity: 4.99, min_stock: 5 })).toBe(true);
    expect(isLowStock({ stock_quantity: 5.01, min_stock: 5 })).toBe(false);
  });

  it('with the default minimum 0 only an empty stock is low', () => {
    expect(isLowStock({ stock_quantity: 0, min_stock: 0 })).toBe(true);
    expect(isLowStock({ stock_quantity: 1, min_stock: 0 })).toBe(false);
  });
});

describe('usage helpers', () => {
  it('computes the line amount and shows quantities in Swiss format', () => {
    expect(usageAmount({ quantity: 2.5, unit_price: 4.35 })).toBe(10.88);
    expect(formatQuantity(1234.5, 'm²')).toBe("1'234.5 m²");
    expect(formatQuantity(12, 'Stk')).toBe('12 Stk');
  });

  it('builds the spec payload from the selected material, today by default', () => {
    const material = aMaterial();
    const result = toUsageRequest(
      { projectId: 'p1', materialId: material.id, quantity: 2.5, usageDate: null, description: '  ' },
      [material],
      { withPrice: true },
    );
    expect(result).toEqual({
      ok: true,
      body: {
        projectId: 'p1',
        materialId: material.id,
        materialName: 'Kupferrohr 15 mm',
        quantity: 2.5,
        unit: 'm',
        unitPrice: 4.35,
        usageDate: todayIso(),
        description: null,
      },
    });
    const employee = toUsageRequest({ projectId: 'p1', materialId: material.id, quantity: 1 }, [material], {
      withPrice: false,
    });
    expect(employee.ok && 'unitPrice' in employee.body).toBe(false);
  });

  it('reports a material that is no longer in the list', () => {
    expect(
      toUsageRequest({ projectId: 'p1', materialId: 'gone', quantity: 1 }, [aMaterial()], { withPrice: true }),
    ).toEqual({ ok: false, reason: 'material-not-found' });
  });

  it('only the office approves, and only pending entries', () => {
    expect(canApproveUsage(aUsage({ status: 'pending' }), true)).toBe(true);
    expect(canApproveUsage(aUsage({ status: 'approved' }), true)).toBe(false);
    expect(canApproveUsage(aUsage({ status: 'rejected' }), true)).toBe(false);
    expect(canApproveUsage(aUsage({ status: 'pending' }), false)).toBe(false);
  });

  it('pending entries change by the office or their author', () => {
    const usage = aUsage();
    expect(canChangeUsage(usage, usage.user_id, false)).toBe(true);
    expect(canChangeUsage(usage, 'someone-else', false)).toBe(false);
    expect(canChangeUsage(usage, 'someone-else', true)).toBe(true);
    expect(canChangeUsage(aUsage({ status: 'approved' }), usage.user_id, true)).toBe(false);
  });

  it('the office deletes entries of every status; authors only their pending ones (part 1 §6)', () => {
    for (const status of ['pending', 'approved', 'rejected'] as const)
      expect(canDeleteUsage(aUsage({ status }), 'someone-else', true)).toBe(true);
    const usage = aUsage();
    expect(canDeleteUsage(usage, usage.user_id, false)).toBe(true);
    expect(canDeleteUsage(usage, 'someone-else', false)).toBe(false);
    expect(canDeleteUsage(aUsage({ status: 'approved' }), usage.user_id, false)).toBe(false);
    expect(canDeleteUsage(aUsage({ status: 'rejected' }), usage.user_id, false)).toBe(false);
  });

  it('material payload: trimmed, empty description null, stock defaults 0', () => {
    expect(toMaterialRequest({ name: ' Dübel ', unit: 'Pkg', unitPrice: 7.9, description: '' })).toEqual({
      name: 'Dübel',
      description: null,
      unit: 'Pkg',
      category: null,
      unitPrice: 7.9,
      stockQuantity: 0,
      minStock: 0,
    });
  });
});
