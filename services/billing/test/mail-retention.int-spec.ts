// The mails table's retention (issue 25): the daily task empties old sent/failed mails' texts and
// removes their attachments, keeps the record of sending, and never touches queued or recent mails.
import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresFileStorage } from '@zunft/nest-common';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { billingDataSourceOptions } from '../src/database/data-source.js';
import { MailRetentionTask, MailStore, mailAttachmentKey } from '../src/mails/index.js';

let db: TestDatabase;
let ds: DataSource;
let store: MailStore;
const companyId = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase('zunft_billing_mail_retention');
  ds = new DataSource(billingDataSourceOptions(db.url, { migrationsRun: true }));
  await ds.initialize();
  store = new MailStore(ds);
}, 60_000);
afterAll(async () => {
  await ds?.destroy();
  if (db) await dropTestDatabase(db);
});

/** A mail with a PDF attachment, `ageDays` old, in the given state. */
async function mail(status: 'queued' | 'sent' | 'failed', ageDays: number): Promise<string> {
  const id = await store.create({
    companyId,
    to: 'kunde@example.ch',
    subject: 'Rechnung RE-2026-0001',
    text: 'Unterschreiben: https://zunft.test/s/geheim',
    html: '<p>geheim</p>',
    // invoice mails are customer mails, but the company is not limited (no copy of it: verified)
    ref: `invoice:${randomUUID()}`,
    attachments: [{ filename: 'Rechnung.pdf', contentType: 'application/pdf', contentBase64: 'JVBERi0xLjQK' }],
  });
  await ds.query(
    `UPDATE mails SET status = $2::varchar, created_at = now() - make_interval(days => $3),
            sent_at = CASE WHEN $2::varchar = 'sent' THEN now() - make_interval(days => $3) END
      WHERE id = $1`,
    [id, status, ageDays],
  );
  return id;
}

const row = async (id: string) =>
  (
    (await ds.query(
      `SELECT status, recipient, subject, text_body, html_body, attachments, body_removed_at IS NOT NULL AS removed
       FROM mails WHERE id = $1`,
      [id],
    )) as Record<string, unknown>[]
  )[0];

const runTask = (task: MailRetentionTask) => ds.transaction((manager) => task.run({ today: '2026-11-28', manager }));

describe('mails retention (daily task mails.remove-old-bodies)', () => {
  it('after 90 days (default) a sent or failed mail keeps its record but loses texts and attachments', async () => {
    const oldSent = await mail('sent', 91);
    const oldFailed = await mail('failed', 120);
    const recentSent = await mail('sent', 89);
    const oldQueued = await mail('queued', 200);
    const storage = new PostgresFileStorage(ds);

    const task = new MailRetentionTask(ds);
    expect(await runTask(task)).toEqual({ bodiesRemoved: 2, attachmentsRemoved: 2 });

    for (const id of [oldSent, oldFailed]) {
      expect(await row(id)).toMatchObject({
        recipient: 'kunde@example.ch',
        subject: 'Rechnung RE-2026-0001',
        text_body: '',
        html_body: null,
        attachments: [],
        removed: true,
      });
      expect(await storage.head(mailAttachmentKey(companyId, id, 0))).toBeNull();
    }
    expect((await row(oldSent))!.status).toBe('sent');
    for (const id of [recentSent, oldQueued]) {
      expect(await row(id)).toMatchObject({ text_body: 'Unterschreiben: https://zunft.test/s/geheim', removed: false });
      expect(await storage.head(mailAttachmentKey(companyId, id, 0))).not.toBeNull();
    }
    // a second run finds nothing left
    expect(await runTask(task)).toEqual({ bodiesRemoved: 0, attachmentsRemoved: 0 });
  });

  it('MAIL_RETENTION_DAYS shortens the period; a bad value refuses to start', async () => {
    const tenDays = await mail('sent', 11);
    const before = process.env.MAIL_RETENTION_DAYS;
    try {
      process.env.MAIL_RETENTION_DAYS = '10';
      // this one and the 89-day-old mail of the test before; the queued one still not
      expect(await runTask(new MailRetentionTask(ds))).toEqual({ bodiesRemoved: 2, attachmentsRemoved: 2 });
      expect((await row(tenDays))!.removed).toBe(true);
      process.env.MAIL_RETENTION_DAYS = '0';
      expect(() => new MailRetentionTask(ds)).toThrow(/MAIL_RETENTION_DAYS/);
    } finally {
      if (before === undefined) delete process.env.MAIL_RETENTION_DAYS;
      else process.env.MAIL_RETENTION_DAYS = before;
    }
  });
});
