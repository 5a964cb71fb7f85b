import { Injectable } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type { ReportData, RpcParsedRequest } from '@zunft/contracts';
import { DomainError, EVENTS_OPTIONS, EventsConnection, RpcResponder, resolveEventsOptions } from '@zunft/nest-common';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from '../support/test-app.js';

/**
 * Operations' `rpc.operations.report-data` as a stand-in (services never import each other): a real
 * RpcResponder on the run's NATS stream, answering from `projects` (project id → data); unknown
 * projects answer not_found like operations does. `asked` records the requests.
 */
export class FakeOperations {
  readonly projects = new Map<string, (req: RpcParsedRequest<'rpc.operations.report-data'>) => ReportData>();
  readonly asked: RpcParsedRequest<'rpc.operations.report-data'>[] = [];
  private module: TestingModule | null = null;

  async start(t: TestApp): Promise<void> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    @Injectable()
    class Responder extends RpcResponder<'rpc.operations.report-data'> {
      readonly subject = 'rpc.operations.report-data';
      async handle(req: RpcParsedRequest<'rpc.operations.report-data'>): Promise<ReportData> {
        self.asked.push(req);
        const data = self.projects.get(req.projectId);
        if (!data) throw new DomainError('not_found', 'Projekt nicht gefunden', 404);
        return data(req);
      }
    }
    const options = resolveEventsOptions({
      serviceName: 'fake-operations',
      natsUrl: t.config.natsUrl,
      streamName: t.config.natsStream,
    });
    this.module = await Test.createTestingModule({
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        { provide: EventsConnection, useFactory: () => EventsConnection.connect(options) },
        Responder,
      ],
    }).compile();
    this.module.useLogger(false);
    await this.module.init();
  }

  async stop(): Promise<void> {
    await this.module?.close();
    this.module = null;
  }
}

export interface ProjectFixture {
  projectId: string;
  customerId: string;
  employeeId: string;
  timeEntryId: string;
  usageId: string;
  expenseId: string;
  data: (req: { periodStart: string; periodEnd: string }) => ReportData;
}

/** A project with one customer, one employee's two entries (one on a Sunday), material and an expense. */
export function projectFixture(
  over: { customerEmail?: string | null; language?: 'de' | 'fr' | 'it' } = {},
): ProjectFixture {
  const projectId = randomUUID();
  const customerId = randomUUID();
  const employeeId = randomUUID();
  const timeEntryId = randomUUID();
  const sundayId = randomUUID();
  const usageId = randomUUID();
  const expenseId = randomUUID();
  const materialId = randomUUID();
  return {
    projectId,
    customerId,
    employeeId,
    timeEntryId,
    usageId,
    expenseId,
    data: (req) => ({
      period: { start: req.periodStart, end: req.periodEnd, timezone: 'Europe/Zurich' },
      customer: {
        id: customerId,
        name: 'Bäckerei <Huber> AG',
        contact_person: 'Hans Huber',
        customer_number: 'K-0001',
        email: over.customerEmail === undefined ? 'hans@huber.test' : over.customerEmail,
        phone: null,
        address: 'Marktgasse 1',
        zip: '3011',
        city: 'Bern',
        language: over.language ?? 'de',
      },
      project: {
        id: projectId,
        title: 'Ladenumbau',
        project_number: 'P-2026-001',
        status: 'in_progress',
        description: null,
        start_date: null,
        end_date: null,
      },
      time_entries: [
        {
          id: timeEntryId,
          user_id: employeeId,
          user_name: 'Emil Egger',
          start_time: '2026-03-03T07:00:00.000Z',
          end_time: '2026-03-03T15:30:00.000Z',
          break_minutes: 30,
          total_minutes: 480,
          surcharge_night: 0,
          surcharge_saturday: 0,
          surcharge_sunday: 0,
          surcharge_total: 0,
          description: 'Abbruch alte Theke',
          status: 'completed',
        },
        {
          id: sundayId,
          user_id: employeeId,
          user_name: 'Emil Egger',
          start_time: '2026-03-08T08:00:00.000Z',
          end_time: '2026-03-08T10:15:00.000Z',
          break_minutes: 0,
          total_minutes: 135,
          surcharge_night: 0,
          surcharge_saturday: 0,
          surcharge_sunday: 50,
          surcharge_total: 50,
          description: null,
          status: 'approved',
        },
      ],
      material_usage: [
        {
          id: usageId,
          material_id: materialId,
          material_name: 'Schrauben 4x40',
          user_id: employeeId,
          user_name: 'Emil Egger',
          quantity: 3,
          unit: 'Pkg',
          unit_price: 12.35,
          total_price: 37.05,
          used_at: '2026-03-03',
          description: null,
        },
      ],
      expenses: [
        {
          id: expenseId,
          user_id: employeeId,
          user_name: 'Emil Egger',
          category: 'transport',
          description: 'Parkhaus',
          amount: 18.5,
          expense_date: '2026-03-03',
        },
      ],
      excluded: { time_entries: 0, material_usage: 0, expenses: 0 },
    }),
  };
}

/** A signature-like PNG (a black stroke on transparent), as data URL. */
export async function signaturePng(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 60 C 60 0, 120 100, 290 40" stroke="black" stroke-width="4" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A fully transparent PNG (an untouched canvas). */
export async function emptyPng(): Promise<string> {
  const png = await sharp({
    create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export async function jpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
}

/** The start of an iPhone HEIC file (ftyp box, brand heic) with an HEVC payload sharp cannot decode. */
export function heicLike(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic'),
  ]);
  return Buffer.concat([ftyp, Buffer.alloc(2048, 7)]);
}

/** supertest: collect a binary body. */
export const binary = (
  res: { on: (e: string, cb: (c?: Buffer) => void) => void },
  cb: (err: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
