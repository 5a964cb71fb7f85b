import { expect } from '@jest/globals';
import { bearer, describeUserStatusCheck } from '@zunft/nest-common/testing';
import { addCustomer, createCompany, createQuote, markSent } from './support/factories.js';
import { createTestApp } from './support/test-app.js';

describeUserStatusCheck({
  start: createTestApp,
  staffTable: 'staff',
  createCompany: async (t) => {
    const c = await createCompany(t);
    const { customerId } = await addCustomer(t, c.id);
    return {
      ...c,
      colleague: bearer(c.backoffice),
      addRecord: async () => (await createQuote(t, c.admin, customerId)).id,
    };
  },
  resource: { path: '/api/quotes', role: 'backoffice' },
  blockedWrite: { send: (t, auth, quoteId) => t.http().delete(`/api/quotes/${quoteId}`).set(auth) },
  // The public quote acceptance stays open, even with a blocked user's token in the request.
  publicRoutes: async (t, c) => {
    const quote = await createQuote(t, c.admin, (await addCustomer(t, c.id)).customerId);
    const token = await markSent(t, quote.id);
    return [
      {
        path: `/api/quote-acceptance/${token}`,
        check: (res) => expect(res.body.quote_number).toBe(quote.quote_number),
      },
    ];
  },
});
