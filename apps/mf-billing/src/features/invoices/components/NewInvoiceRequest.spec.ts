import { describe, expect, it } from '@jest/globals';
import { toCreateInvoiceRequest } from './NewInvoiceModal';

describe('new invoice request: VAT rate per line (issue 22)', () => {
  it('sends a chosen rate per line and leaves an empty one to the company rate', () => {
    expect(
      toCreateInvoiceRequest({
        source: 'free',
        customerId: 'c1',
        items: [
          { title: ' Pflanzen ', quantity: 4, unit: 'Stk', unitPrice: 12.5, vatRate: 2.6 },
          { title: 'Arbeit', quantity: 10, unit: 'h', unitPrice: 95, vatRate: null },
          { title: 'Gebühr', quantity: 1, unit: '', unitPrice: 33.33, vatRate: 0 },
        ],
      }),
    ).toEqual({
      customerId: 'c1',
      items: [
        { title: 'Pflanzen', quantity: 4, unit: 'Stk', unitPrice: 12.5, vatRate: 2.6 },
        { title: 'Arbeit', quantity: 10, unit: 'h', unitPrice: 95 },
        { title: 'Gebühr', quantity: 1, unit: 'Stk', unitPrice: 33.33, vatRate: 0 },
      ],
    });
  });
});
