// `billing.quote.project-requested` → a planned project, once per quote (real NATS, real database).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventData, ProjectDto } from '@zunft/contracts';
import { waitFor } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { appWithTwoCompanies, bearer, createCustomer, type Company } from './support/factories.js';
import type { TestApp } from './support/test-app.js';

let t: TestApp, c: Company, other: Company;
beforeAll(async () => ({ t, a: c, b: other } = await appWithTwoCompanies()));
afterAll(() => t?.close());

const projectsOfQuote = async (companyId: string, quoteId: string): Promise<Array<{ id: string }>> =>
  t.dataSource.query(`SELECT id FROM projects WHERE company_id = $1 AND source_quote_id = $2`, [companyId, quoteId]);

/** Waits until the consumer handled `eventId` (it handles events in order, so everything before too). */
const handled = (eventId: string) =>
  waitFor(
    async () =>
      (
        await t.dataSource.query(
          `SELECT 1 FROM processed_events WHERE consumer = 'operations-quote-projects' AND event_id = $1`,
          [eventId],
        )
      )[0],
  );

const request = (
  over: Partial<EventData<'billing.quote.project-requested'>> = {},
): EventData<'billing.quote.project-requested'> => ({
  quoteId: randomUUID(),
  quoteNumber: 'A-2026-007',
  customerId: randomUUID(),
  title: 'Badsanierung',
  description: 'Wanne raus, Dusche rein',
  requestedBy: c.backoffice.id,
  ...over,
});

describe('quote → project consumer', () => {
  it('creates one planned project per quote, however often it is asked', async () => {
    const customer = await createCustomer(t, c.admin);
    const data = request({ customerId: customer.id });
    const first = await t.publish('billing.quote.project-requested', c.id, data);
    await t.publish('billing.quote.project-requested', c.id, data, first); // the same event redelivered
    const second = await t.publish('billing.quote.project-requested', c.id, data); // asked again: a new event
    await handled(second);

    const rows = await projectsOfQuote(c.id, data.quoteId);
    expect(rows).toHaveLength(1);
    const res = await t.http().get(`/api/projects/${rows[0]!.id}`).set(bearer(c.admin));
    expect(res.status).toBe(200);
    const project: ProjectDto = res.body;
    const year = new Date().getFullYear();
    expect(project).toMatchObject({
      customer_id: customer.id,
      customer_name: customer.name,
      title: 'Badsanierung',
      description: 'Aus Angebot A-2026-007\n\nWanne raus, Dusche rein',
      status: 'planned',
      assigned_users: [],
    });
    expect(project.project_number).toMatch(new RegExp(`^P-${year}-\\d{3}$`));

    // one operations.project.created event, carrying the quote, by the requesting user
    const events: Array<{ actor_id: string; data: EventData<'operations.project.created'> }> = await t.dataSource.query(
      `SELECT actor_id, data FROM outbox_events WHERE company_id = $1 AND type = 'operations.project.created'
         AND data->>'projectId' = $2`,
      [c.id, project.id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.actor_id).toBe(c.backoffice.id);
    expect(events[0]!.data).toEqual({
      projectId: project.id,
      customerId: customer.id,
      title: 'Badsanierung',
      projectNumber: project.project_number,
      status: 'planned',
      assignedUserIds: [],
      sourceQuoteId: data.quoteId,
    });
    // and the dashboard feed names the quote and the requesting user
    const [activity] = await t.dataSource.query(
      `SELECT description, user_name FROM activities WHERE company_id = $1 AND entity_id = $2`,
      [c.id, project.id],
    );
    expect(activity).toEqual({
      description: `Projekt «Badsanierung» (${project.project_number}) aus Angebot A-2026-007 erstellt`,
      user_name: c.backoffice.name,
    });
  });

  it('takes the quote number alone as description when the quote has none', async () => {
    const customer = await createCustomer(t, c.admin);
    const data = request({ customerId: customer.id, description: null, quoteNumber: 'A-2026-008' });
    await handled(await t.publish('billing.quote.project-requested', c.id, data));
    const [row] = await t.dataSource.query(`SELECT description FROM projects WHERE source_quote_id = $1`, [
      data.quoteId,
    ]);
    expect(row.description).toBe('Aus Angebot A-2026-008');
  });

  it("creates nothing for an unknown customer or another company's, and keeps consuming", async () => {
    const foreignCustomer = await createCustomer(t, other.admin);
    const unknown = request();
    const foreign = request({ customerId: foreignCustomer.id });
    await t.publish('billing.quote.project-requested', c.id, unknown);
    await t.publish('billing.quote.project-requested', c.id, foreign);
    const customer = await createCustomer(t, c.admin);
    const ok = request({ customerId: customer.id });
    await handled(await t.publish('billing.quote.project-requested', c.id, ok));

    expect(await projectsOfQuote(c.id, unknown.quoteId)).toHaveLength(0);
    expect(await projectsOfQuote(c.id, foreign.quoteId)).toHaveLength(0);
    expect(await projectsOfQuote(other.id, foreign.quoteId)).toHaveLength(0);
    expect(await projectsOfQuote(c.id, ok.quoteId)).toHaveLength(1);
  });

  it('keeps quote ids per company: the same quote id in two companies gives each its project', async () => {
    const quoteId = randomUUID();
    const mine = await createCustomer(t, c.admin);
    const theirs = await createCustomer(t, other.admin);
    await t.publish('billing.quote.project-requested', c.id, request({ quoteId, customerId: mine.id }));
    await handled(
      await t.publish(
        'billing.quote.project-requested',
        other.id,
        request({ quoteId, customerId: theirs.id, requestedBy: other.admin.id }),
      ),
    );
    expect(await projectsOfQuote(c.id, quoteId)).toHaveLength(1);
    expect(await projectsOfQuote(other.id, quoteId)).toHaveLength(1);
  });

  it('the unique index holds even without the lookup (concurrent requests)', async () => {
    const customer = await createCustomer(t, c.admin);
    const quoteId = randomUUID();
    const insert = () =>
      t.dataSource.query(
        `INSERT INTO projects (company_id, customer_id, title, project_number, status, source_quote_id)
         VALUES ($1, $2, 'X', $3, 'planned', $4)`,
        [c.id, customer.id, `Q-${randomUUID().slice(0, 8)}`, quoteId],
      );
    await insert();
    await expect(insert()).rejects.toThrow(/uq_projects_company_source_quote/);
  });
});
