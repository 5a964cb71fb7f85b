import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { readFile, readdir, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOB_SEND_MAIL, QUEUE_MAIL, type MailJob, type MailResult } from '@zunft/contracts';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '@zunft/nest-common/testing';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { billingDataSourceOptions } from '../../src/database/data-source.js';
import { MailStore } from '../../src/mails/index.js';
import { DocumentQueues } from '../../src/queues/document-queues.js';
import { startWorker } from '../../src/worker/start-worker.js';
import {
  REDIS_URL,
  decodeQuotedPrintable,
  eventually,
  mimeParts,
  removeQueues,
  startSmtpServer,
  testLogger,
  uniquePrefix,
} from './support.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 7), Buffer.from('\n%%EOF\n')]);
const LINK = 'http://localhost:8080/quote-acceptance/3f9a1c2e-token-with-some-length-0123456789abcdef';

const quoteMail = (to: string): MailJob => ({
  companyId: '6a7c1b0e-1111-4222-8333-944445555666',
  to,
  subject: 'Angebot AN-2025-0042 von Muster Bau AG',
  text: `Guten Tag Herr Müller\n\nIm Anhang finden Sie unser Angebot.\nAnnehmen: ${LINK}\n\nFreundliche Grüsse\nMuster Bau AG`,
  replyTo: 'info@musterbau.ch',
  fromName: 'Muster Bau AG',
  attachments: [
    { filename: 'Angebot-AN-2025-0042.pdf', contentBase64: PDF.toString('base64'), contentType: 'application/pdf' },
  ],
  ref: 'quote:test',
});

const natsStream = `ZUNFT_TEST_${randomBytes(4).toString('hex').toUpperCase()}`;
let db: TestDatabase;
/** The API's side: its database connection, where enqueueMail stores the mails. */
let api: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('zunft_billing_mail_test');
  api = new DataSource(billingDataSourceOptions(db.url, { migrationsRun: true }));
  await api.initialize();
}, 60_000);
afterAll(async () => {
  await api?.destroy();
  if (db) await dropTestDatabase(db);
});

/** A worker (mail queue only, with the billing database) plus the API-side queues on a prefix of their own. */
async function mailSetup(name: string, smtpUrl: string | null, outboxDir?: string) {
  const prefix = uniquePrefix(name);
  const worker = await startWorker({
    redisUrl: REDIS_URL,
    prefix,
    queues: [QUEUE_MAIL],
    databaseUrl: db.url,
    natsStream,
    smtpUrl,
    mailOutboxDir: outboxDir,
    logger: testLogger,
  });
  const queues = new DocumentQueues({ redisUrl: REDIS_URL, prefix, mailBackoffMs: 100 }, new MailStore(api));
  return {
    worker,
    queues,
    /** Waits until the job is completed or failed for good. */
    settled: (jobId: string) =>
      eventually(
        async () => {
          // State first, then the job: a job read before it settled carries no result yet.
          const state = await queues.queues.mail.getJobState(jobId);
          if (state !== 'completed' && state !== 'failed') return undefined;
          const job = await queues.queues.mail.getJob(jobId);
          return job ? { job, state } : undefined;
        },
        20_000,
        `mail job ${jobId}`,
      ),
    /** The mail's row (status, attempts, error). */
    row: async (mailId: string) =>
      (
        (await api.query(`SELECT status, attempts, error, message_id FROM mails WHERE id = $1`, [mailId])) as {
          status: string;
          attempts: number;
          error: string | null;
          message_id: string | null;
        }[]
      )[0],
    close: async () => {
      await queues.close();
      await worker.close();
      await removeQueues(prefix);
    },
  };
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let setup: Awaited<ReturnType<typeof mailSetup>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    setup = await mailSetup('mail-smtp', smtp.url);
  });
  afterAll(async () => {
    await setup?.close();
    await smtp?.close();
  });

  it('delivers the e-mail with the PDF attached and the link in the text', async () => {
    expect(setup.worker.mailMode).toBe('smtp');
    const jobId = await setup.queues.enqueueMail(quoteMail('hans.mueller@example.ch'));
    const { job, state } = await setup.settled(jobId);
    expect(state).toBe('completed');
    expect((job.returnvalue as MailResult).messageId).toMatch(/^<.+@.+>$/);
    expect(await setup.row(jobId)).toMatchObject({ status: 'sent', attempts: 1, error: null });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['hans.mueller@example.ch']);
    expect(mail.from).toBe('no-reply@zunft.ch');
    expect(mail.raw).toMatch(/^From: Muster Bau AG <no-reply@zunft\.ch>$/m);
    expect(mail.raw).toMatch(/^Reply-To: info@musterbau\.ch$/m);
    expect(mail.raw).toMatch(/^Subject: Angebot AN-2025-0042 von Muster Bau AG$/m);

    const parts = mimeParts(mail.raw);
    const text = parts.find((p) => /content-type:\s*text\/plain/i.test(p.headers));
    expect(text).toBeDefined();
    const body = /quoted-printable/i.test(text!.headers) ? decodeQuotedPrintable(text!.body) : text!.body;
    expect(body).toContain(LINK);
    expect(body).toContain('Guten Tag Herr Müller');

    const attachment = parts.find((p) => /content-type:\s*application\/pdf/i.test(p.headers));
    expect(attachment?.headers).toMatch(/filename="?Angebot-AN-2025-0042\.pdf/);
    expect(attachment?.headers).toMatch(/content-transfer-encoding:\s*base64/i);
    expect(Buffer.from(attachment!.body.replace(/\s+/g, ''), 'base64').equals(PDF)).toBe(true);
  });
});

describe('what sits in Redis (issue 25)', () => {
  it('a queued mail job carries the mail id only: no link, no PDF bytes, no e-mail address', async () => {
    // No worker: the job stays waiting in Redis and its stored form is read raw.
    const prefix = uniquePrefix('mail-redis');
    const queues = new DocumentQueues({ redisUrl: REDIS_URL, prefix }, new MailStore(api));
    const redis = new Redis(REDIS_URL);
    try {
      const jobId = await queues.enqueueMail(quoteMail('geheim.kunde@example.ch'));
      expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
      const stored = await redis.hgetall(`${prefix}:${QUEUE_MAIL}:${jobId}`);
      expect(JSON.parse(stored.data!)).toEqual({ mailId: jobId });
      // Nothing else in any key of the queue mentions the mail's content.
      const everything: string[] = [];
      for (const key of await redis.keys(`${prefix}:*`)) {
        const type = await redis.type(key);
        if (type === 'hash') everything.push(JSON.stringify(await redis.hgetall(key)));
        else if (type === 'string') everything.push((await redis.get(key)) ?? '');
        else if (type === 'list') everything.push(JSON.stringify(await redis.lrange(key, 0, -1)));
        else if (type === 'zset') everything.push(JSON.stringify(await redis.zrange(key, 0, -1)));
        else if (type === 'stream') everything.push(JSON.stringify(await redis.xrange(key, '-', '+')));
      }
      const dump = everything.join('\n');
      expect(dump).toContain(jobId);
      for (const secret of [
        'geheim.kunde@example.ch',
        'info@musterbau.ch',
        LINK,
        '3f9a1c2e-token',
        PDF.toString('base64').slice(0, 40),
        'Guten Tag',
      ])
        expect(dump).not.toContain(secret);
      // The mail and its attachment are in the database.
      const [row] = await api.query(`SELECT recipient, text_body, attachments FROM mails WHERE id = $1`, [jobId]);
      expect(row.recipient).toBe('geheim.kunde@example.ch');
      expect(row.text_body).toContain(LINK);
      const [file] = await api.query(`SELECT data FROM stored_files WHERE key = $1`, [row.attachments[0].key]);
      expect(Buffer.compare(file.data, PDF)).toBe(0);
    } finally {
      redis.disconnect();
      await queues.close();
      await removeQueues(prefix);
    }
  });

  it('a job of the release before (the whole mail in the job) is still delivered after the upgrade', async () => {
    const smtp = await startSmtpServer();
    const setup = await mailSetup('mail-legacy', smtp.url);
    try {
      const job = await setup.queues.queues.mail.add(JOB_SEND_MAIL, quoteMail('alt@example.ch'));
      const { state } = await setup.settled(job.id!);
      expect(state).toBe('completed');
      expect(smtp.received.map((m) => m.to)).toEqual([['alt@example.ch']]);
    } finally {
      await setup.close();
      await smtp.close();
    }
  });

  it('retention: completed mail jobs leave Redis after an hour, failed ones after 7 days', async () => {
    const queues = new DocumentQueues({ redisUrl: REDIS_URL, prefix: uniquePrefix('mail-opts') });
    try {
      const { removeOnComplete, removeOnFail } = queues.queues.mail.defaultJobOptions;
      expect({ removeOnComplete, removeOnFail }).toEqual({
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
      });
    } finally {
      await queues.close();
    }
  });
});

describe('mail retries', () => {
  it('retries a temporary SMTP failure with backoff and completes', async () => {
    const smtp = await startSmtpServer({
      reject: (attempt) => (attempt === 1 ? { code: 451, message: 'Try again later' } : null),
    });
    const setup = await mailSetup('mail-retry', smtp.url);
    try {
      const jobId = await setup.queues.enqueueMail(quoteMail('retry@example.ch'));
      const { job, state } = await setup.settled(jobId);
      expect(state).toBe('completed');
      expect(job.attemptsMade).toBe(2);
      expect(smtp.attempts()).toBe(2);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await setup.close();
      await smtp.close();
    }
  });

  it('keeps a permanently refused mail in the failed set with its error (no pointless retries)', async () => {
    const smtp = await startSmtpServer({ reject: () => ({ code: 550, message: 'Mailbox unavailable' }) });
    const setup = await mailSetup('mail-refused', smtp.url);
    try {
      const jobId = await setup.queues.enqueueMail(quoteMail('nobody@example.ch'));
      const { job, state } = await setup.settled(jobId);
      expect(state).toBe('failed');
      expect(job.failedReason).toMatch(/550/);
      expect(job.failedReason).not.toContain('nobody@example.ch');
      expect(job.attemptsMade).toBe(1);
      expect(await setup.row(jobId)).toMatchObject({
        status: 'failed',
        attempts: 1,
        error: expect.stringMatching(/550/),
      });
      expect((await setup.queues.queues.mail.getFailed()).map((j) => j.id)).toContain(jobId);
    } finally {
      await setup.close();
      await smtp.close();
    }
  });

  it('gives up after 5 attempts when the SMTP server stays unreachable, and keeps the job with its error', async () => {
    // A port where nothing listens: a closed SMTP server.
    const gone = await startSmtpServer();
    await gone.close();
    const setup = await mailSetup('mail-unreachable', `smtp://127.0.0.1:${gone.port}`);
    try {
      const jobId = await setup.queues.enqueueMail(quoteMail('later@example.ch'));
      const { job, state } = await setup.settled(jobId);
      expect(state).toBe('failed');
      expect(job.attemptsMade).toBe(5);
      expect(job.failedReason).toMatch(/ECONNREFUSED|connect/i);
      expect(await setup.row(jobId)).toMatchObject({ status: 'failed', attempts: 5 });
      // Exponential backoff 100, 200, 400, 800 ms between the attempts.
      expect(job.finishedOn! - job.timestamp).toBeGreaterThanOrEqual(1400);
    } finally {
      await setup.close();
    }
  });
});

describe('mail without SMTP settings', () => {
  it('writes the e-mail to the outbox folder', async () => {
    const outbox = await mkdtemp(path.join(tmpdir(), 'zunft-outbox-'));
    const setup = await mailSetup('mail-outbox', null, outbox);
    try {
      expect(setup.worker.mailMode).toBe('outbox');
      const jobId = await setup.queues.enqueueMail(quoteMail('offline@example.ch'));
      const { job, state } = await setup.settled(jobId);
      expect(state).toBe('completed');
      const result = job.returnvalue as MailResult;
      const files = await readdir(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      expect(result.outboxPath).toBe(path.join(outbox, files[0]!));
      const eml = await readFile(result.outboxPath!, 'utf8');
      expect(eml).toMatch(/^To: offline@example\.ch$/m);
      expect(eml).toMatch(/^Subject: Angebot AN-2025-0042 von Muster Bau AG$/m);
      expect(eml).toContain('Angebot-AN-2025-0042.pdf');
    } finally {
      await setup.close();
      await rm(outbox, { recursive: true, force: true });
    }
  });
});
