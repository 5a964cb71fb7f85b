import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { QUEUE_MAIL, QUEUE_MAINTENANCE, QUEUE_PDF_RENDER } from '@zunft/contracts';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { redisConnection } from '../../src/queues/redis-connection.js';
import { startWorker, type RunningWorker } from '../../src/worker/index.js';

const run = promisify(execFile);

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A queue prefix of its own per test file, so parallel test files never share jobs. */
export function uniquePrefix(name: string): string {
  return `zunft-test-${name}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/** Quiet logger for the worker under test (set TEST_LOG=1 to see its lines). */
export const testLogger = pino({ level: process.env.TEST_LOG ? 'info' : 'silent' });

/** Deletes every key of the test's queues. */
export async function removeQueues(prefix: string): Promise<void> {
  for (const name of [QUEUE_PDF_RENDER, QUEUE_MAIL, QUEUE_MAINTENANCE]) {
    const queue = new Queue(name, { connection: redisConnection(REDIS_URL), prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

async function withTempFile<T>(pdf: Buffer, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'zunft-pdf-test-'));
  const file = path.join(dir, 'doc.pdf');
  await writeFile(file, pdf);
  try {
    return await fn(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Page count by poppler's pdfinfo (independent of the worker's own counting). */
export function pdfinfoPages(pdf: Buffer): Promise<number> {
  return withTempFile(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', [file]);
    const match = /^Pages:\s+(\d+)/m.exec(stdout);
    if (!match) throw new Error(`pdfinfo printed no page count:\n${stdout}`);
    return Number(match[1]);
  });
}

/** The PDF's text by poppler's pdftotext (layout mode keeps table rows on one line). */
export function pdfText(pdf: Buffer): Promise<string> {
  return withTempFile(pdf, async (file) => (await run('pdftotext', ['-layout', file, '-'])).stdout);
}

/** A local HTTP server that counts every request (to prove documents fetch nothing). */
export async function startCountingHttpServer(): Promise<{ port: number; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'image/png' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server (smtp-server) on a free port. `reject(session, attempt)` may return an SMTP
 * error (code + text) to refuse a message, e.g. to simulate a temporary failure.
 */
export async function startSmtpServer(
  options: { reject?: (attempt: number) => { code: number; message: string } | null } = {},
): Promise<{ url: string; port: number; received: ReceivedMail[]; attempts: () => number; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts += 1;
        const refusal = options.reject?.(attempts) ?? null;
        if (refusal) {
          const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface MimePart {
  headers: string;
  body: string;
}

/** Minimal MIME splitter for the tests: the leaf parts of a multipart message (headers + raw body). */
export function mimeParts(raw: string): MimePart[] {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = (text: string): MimePart[] => {
    const headerEnd = text.indexOf('\n\n');
    const headers = text.slice(0, headerEnd).replace(/\n[ \t]+/g, ' ');
    const body = text.slice(headerEnd + 2);
    const boundary = /boundary="?([^";\n]+)"?/i.exec(headers)?.[1];
    if (!/content-type:\s*multipart\//i.test(headers) || !boundary) return [{ headers, body }];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => split(part.replace(/^\n/, '')));
  };
  return split(normalized);
}

/** Decodes a quoted-printable body (text parts). */
export function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Waits until `check` returns a value (polling), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The worker a document or mail test runs beside its test app: PDF and mail queues on the app's
 * Redis prefix, one Chromium page, mail to the test's SMTP server (the mail queue loads mails by id
 * from the billing database).
 */
export function startDocumentWorker(
  config: { redisUrl: string; queuePrefix: string; databaseUrl: string; natsUrl: string; natsStream: string },
  smtpUrl: string,
): Promise<RunningWorker> {
  return startWorker({
    redisUrl: config.redisUrl,
    prefix: config.queuePrefix,
    queues: [QUEUE_PDF_RENDER, QUEUE_MAIL],
    databaseUrl: config.databaseUrl,
    natsUrl: config.natsUrl,
    natsStream: config.natsStream,
    chromiumPath: CHROMIUM_PATH,
    pdfPoolSize: 1,
    smtpUrl,
    mailFrom: 'Zunft <no-reply@zunft.test>',
    logger: testLogger,
  });
}
