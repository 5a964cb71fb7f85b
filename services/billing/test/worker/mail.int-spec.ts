import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile, readdir, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QUEUE_MAIL, type MailJob, type MailResult } from '@zunft/contracts';
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

/** A worker (mail queue only) plus the API-side queues on a prefix of their own. */
async function mailSetup(name: string, smtpUrl: string | null, outboxDir?: string) {
  const prefix = uniquePrefix(name);
  const worker = await startWorker({
    redisUrl: REDIS_URL,
    prefix,
    queues: [QUEUE_MAIL],
    smtpUrl,
    mailOutboxDir: outboxDir,
    logger: testLogger,
  });
  const queues = new DocumentQueues({ redisUrl: REDIS_URL, prefix, mailBackoffMs: 100 });
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
      expect(job.attemptsMade).toBe(1);
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
