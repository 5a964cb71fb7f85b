import { expect } from '@jest/globals';
import { CLIENT_RECORD_ID_TAKEN } from '@zunft/contracts';
import { outboxTypes } from './factories.js';
import type { TestApp } from './test-app.js';

/** Checks of the idempotent creates (client-chosen ids), shared by their integration tests. */
export function idempotencyChecks(t: () => TestApp, table: 'time_entries' | 'material_usages' | 'expenses') {
  return {
    /** Rows with this id (1 after any number of repeated saves). */
    rowsWith: async (id: string) =>
      Number((await t().dataSource.query(`SELECT count(*) AS n FROM ${table} WHERE id = $1`, [id]))[0].n),
    /** Outbox events of one type for the company. */
    countOf: async (companyId: string, type: string) =>
      (await outboxTypes(t(), companyId)).filter((x) => x === type).length,
    /** Activity-feed rows about the record. */
    activitiesOf: async (companyId: string, entityId: string) =>
      (
        await t().dataSource.query(`SELECT 1 FROM activities WHERE company_id = $1 AND entity_id = $2`, [
          companyId,
          entityId,
        ])
      ).length,
    /** The 409 says only that the id is taken: nothing of the other record. */
    expectTaken: (res: { status: number; body: Record<string, unknown> }) => {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(CLIENT_RECORD_ID_TAKEN);
      expect(Object.keys(res.body).filter((k) => k !== 'requestId')).toEqual(['error', 'code']);
    },
  };
}
