// DELETE /api/users/:id asks operations and billing for dependencies_updated by NATS request/reply.
// The other services are stand-ins here (services never import each other): real `RpcResponder`s
// on the real NATS, in the run's subject prefix, answering fixed counts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable, type Type } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type { RpcParsedRequest, RpcReplyData, RpcSubject } from '@zunft/contracts';
import { EventsConnection, RpcResponder, resolveEventsOptions } from '@zunft/nest-common';
import { bearer, createStaff, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { USER_DEPENDENCIES_TIMEOUT_MS } from '../src/users/user-dependencies.client.js';

let t: TestApp;
let admin: Session;
const asked: Array<{ subject: RpcSubject; companyId: string; userId: string }> = [];

@Injectable()
class FakeOperations extends RpcResponder<'rpc.operations.user-dependencies'> {
  readonly subject = 'rpc.operations.user-dependencies';
  async handle(
    r: RpcParsedRequest<'rpc.operations.user-dependencies'>,
  ): Promise<RpcReplyData<'rpc.operations.user-dependencies'>> {
    asked.push({ subject: this.subject, ...r });
    return { time_entries: 4, expenses: 2, material_usage: 3 };
  }
}

@Injectable()
class FakeBilling extends RpcResponder<'rpc.billing.user-dependencies'> {
  readonly subject = 'rpc.billing.user-dependencies';
  async handle(
    r: RpcParsedRequest<'rpc.billing.user-dependencies'>,
  ): Promise<RpcReplyData<'rpc.billing.user-dependencies'>> {
    asked.push({ subject: this.subject, ...r });
    return { reports: 1 };
  }
}

/** Another "service": its own NATS connection on the test run's stream (same subject prefix). */
async function startService(...responders: Type[]): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({
    providers: [
      {
        provide: EventsConnection,
        useFactory: () =>
          EventsConnection.connect(
            resolveEventsOptions({ serviceName: 'fake', natsUrl: t.config.natsUrl, streamName: t.config.natsStream }),
          ),
      },
      ...responders,
    ],
  }).compile();
  moduleRef.useLogger(false);
  await moduleRef.init();
  return moduleRef;
}

let running: TestingModule[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t);
});
afterEach(async () => {
  await Promise.all(running.map((m) => m.close()));
  running = [];
  asked.length = 0;
});
afterAll(() => t?.close());

async function deleteEmployee() {
  const { user } = await createStaff(t, admin, 'employee');
  const started = Date.now();
  const res = await t.http().delete(`/api/users/${user.id}`).set(bearer(admin));
  const [row] = await t.dataSource.query(`SELECT deleted_at FROM users WHERE id = $1`, [user.id]);
  return { res, userId: user.id, elapsed: Date.now() - started, deleted: row.deleted_at !== null };
}

describe('DELETE /api/users/:id dependencies_updated', () => {
  it('reports the counts operations and billing answer', async () => {
    running.push(await startService(FakeOperations, FakeBilling));
    const { res, userId } = await deleteEmployee();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Benutzer wurde endgültig gelöscht',
      dependencies_updated: { time_entries: 4, expenses: 2, material_usage: 3, reports: 1 },
    });
    // both were asked for this user of this company
    expect(asked).toEqual(
      expect.arrayContaining([
        { subject: 'rpc.operations.user-dependencies', companyId: admin.user.companyId, userId },
        { subject: 'rpc.billing.user-dependencies', companyId: admin.user.companyId, userId },
      ]),
    );
    expect(asked).toHaveLength(2);
  });

  it('counts reports as 0 while billing is not deployed', async () => {
    running.push(await startService(FakeOperations));
    const { res } = await deleteEmployee();
    expect(res.status).toBe(200);
    expect(res.body.dependencies_updated).toEqual({ time_entries: 4, expenses: 2, material_usage: 3, reports: 0 });
  });

  it('deletes with zeros, at once, when nothing answers', async () => {
    const { res, elapsed, deleted } = await deleteEmployee();
    expect(res.status).toBe(200);
    expect(res.body.dependencies_updated).toEqual({ time_entries: 0, expenses: 0, material_usage: 0, reports: 0 });
    expect(deleted).toBe(true);
    expect(elapsed).toBeLessThan(USER_DEPENDENCIES_TIMEOUT_MS);
  });

  it('keeps the counts known so far when operations does not answer in time', async () => {
    running.push(await startService(FakeBilling));
    // an operations replica that takes the request and never answers
    const nc = running[0]!.get(EventsConnection).nc;
    const silent = nc.subscribe(`${t.config.natsStream}.rpc.operations.user-dependencies`, {
      callback: () => undefined,
    });
    await nc.flush();
    try {
      const { res, elapsed, deleted } = await deleteEmployee();
      expect(res.status).toBe(200);
      expect(res.body.dependencies_updated).toEqual({ time_entries: 0, expenses: 0, material_usage: 0, reports: 1 });
      expect(deleted).toBe(true);
      expect(elapsed).toBeGreaterThanOrEqual(USER_DEPENDENCIES_TIMEOUT_MS - 100);
      expect(elapsed).toBeLessThan(USER_DEPENDENCIES_TIMEOUT_MS + 2000);
    } finally {
      silent.unsubscribe();
    }
  });

  it('asks nobody when the deletion is refused', async () => {
    running.push(await startService(FakeOperations, FakeBilling));
    expect((await t.http().delete(`/api/users/${admin.user.id}`).set(bearer(admin))).status).toBe(400);
    expect(asked).toEqual([]);
  });
});
