import { expect } from '@jest/globals';
import { bearer, describeUserStatusCheck } from '@zunft/nest-common/testing';
import { createCompany, createCustomer } from './support/factories.js';
import { createTestApp } from './support/test-app.js';

describeUserStatusCheck({
  start: createTestApp,
  staffTable: 'staff',
  createCompany: async (t) => {
    const c = await createCompany(t);
    return {
      ...c,
      colleague: bearer(c.backoffice),
      addRecord: async () => (await createCustomer(t, c.admin, { name: 'Bäckerei Brot' })).id,
    };
  },
  resource: { path: '/api/customers', role: 'backoffice' },
  blockedWrite: {
    send: (t, auth) => t.http().post('/api/customers').set(auth).send({ name: 'Neu' }),
    leftNoTrace: async (t, c) => {
      const written = await t.dataSource.query(`SELECT 1 FROM customers WHERE company_id = $1 AND name = 'Neu'`, [
        c.id,
      ]);
      expect(written).toHaveLength(0);
    },
  },
});
