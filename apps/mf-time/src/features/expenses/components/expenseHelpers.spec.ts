import { describe, expect, it } from '@jest/globals';
import {
  canChangeExpense,
  canDecideExpense,
  receiptFileError,
  receiptFileName,
  todayIso,
  toExpenseFormData,
} from './expenseHelpers';
import { ADMIN_ID, EMPLOYEE_ID, anExpense } from './testData';

const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('expense helpers', () => {
  it('receipt check in the browser: jpg, jpeg, png, pdf up to 10 MB (server texts)', () => {
    expect(receiptFileError(file('a.JPG', 10))).toBeNull();
    expect(receiptFileError(file('a.jpeg', 10))).toBeNull();
    expect(receiptFileError(file('a.png', 10))).toBeNull();
    expect(receiptFileError(file('a.pdf', 10 * 1024 * 1024))).toBeNull();
    expect(receiptFileError(file('a.pdf', 10 * 1024 * 1024 + 1))).toBe(
      'Der Beleg ist zu gross. Maximale Grösse: 10 MB',
    );
    expect(receiptFileError(file('a.gif', 10))).toBe('Ungültiger Dateityp. Erlaubt: JPG, PNG oder PDF');
    expect(receiptFileError(file('a.pdf', 0))).toBe('Der Beleg ist leer');
    // A camera picture without a name extension but with an image type is fine.
    expect(receiptFileError(file('image', 10, 'image/jpeg'))).toBeNull();
    expect(receiptFileError(file('image', 10, 'image/heic'))).toBe('Ungültiger Dateityp. Erlaubt: JPG, PNG oder PDF');
  });

  it('employees change their own pending expenses; the office changes none and decides pending ones', () => {
    expect(canChangeExpense(anExpense(), EMPLOYEE_ID, false)).toBe(true);
    expect(canChangeExpense(anExpense(), ADMIN_ID, false)).toBe(false);
    expect(canChangeExpense(anExpense({ status: 'approved' }), EMPLOYEE_ID, false)).toBe(false);
    expect(canChangeExpense(anExpense({ status: 'rejected' }), EMPLOYEE_ID, false)).toBe(false);
    // Admin/backoffice: not even their own pending expense (part 2 §6).
    expect(canChangeExpense(anExpense({ user_id: ADMIN_ID }), ADMIN_ID, true)).toBe(false);
    expect(canDecideExpense(anExpense(), true)).toBe(true);
    expect(canDecideExpense(anExpense(), false)).toBe(false);
    expect(canDecideExpense(anExpense({ status: 'rejected' }), true)).toBe(false);
  });

  it('download name from date and blob type; today as yyyy-MM-dd', () => {
    expect(receiptFileName({ expense_date: '2026-03-14' }, 'image/png')).toBe('beleg-2026-03-14.png');
    expect(receiptFileName({ expense_date: '2026-03-14' }, 'image/jpeg')).toBe('beleg-2026-03-14.jpg');
    expect(receiptFileName({ expense_date: '2026-03-14' }, 'application/pdf')).toBe('beleg-2026-03-14.pdf');
    expect(todayIso(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('multipart body: amount with two decimals, empty project, removeReceipt only without a new file', () => {
    const form = toExpenseFormData(
      { category: 'office', description: ' Papier ', amount: 5, expenseDate: '2026-02-01', projectId: null },
      { removeReceipt: true },
    );
    expect(Object.fromEntries(form.entries())).toEqual({
      category: 'office',
      description: 'Papier',
      amount: '5.00',
      expenseDate: '2026-02-01',
      projectId: '',
      vatIncluded: 'false',
      vatRate: '',
      removeReceipt: 'true',
    });
  });

  it('multipart body: an amount with VAT included sends its rate', () => {
    const form = toExpenseFormData({
      category: 'accommodation',
      description: 'Hotel',
      amount: 108.1,
      expenseDate: '2026-02-01',
      vatIncluded: true,
      vatRate: 3.8,
    });
    expect(Object.fromEntries(form.entries())).toMatchObject({ amount: '108.10', vatIncluded: 'true', vatRate: '3.8' });
  });
});
