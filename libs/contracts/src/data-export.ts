import { z } from 'zod';

/*
 * «Alle Daten exportieren» (issue 26, revDSG art. 28 data portability): one ZIP with a CSV of every
 * table a company owns in each service and every stored document. Billing coordinates (HTTP routes,
 * the BullMQ job that writes the ZIP); operations and auth hand over their part page by page over
 * NATS request/reply (NATS carries at most 1 MB per message, so no reply holds more than ~600 KB).
 */

/** The services whose data go into the ZIP, in the ZIP's order (each one a folder). */
export const DATA_EXPORT_SERVICES = ['auth', 'operations', 'billing'] as const;
export type DataExportService = (typeof DATA_EXPORT_SERVICES)[number];

export const QUEUE_DATA_EXPORT = 'data-export';
export const JOB_BUILD_DATA_EXPORT = 'build-data-export';
export const dataExportJobSchema = z.object({ exportId: z.uuid(), companyId: z.uuid() });
export type DataExportJob = z.infer<typeof dataExportJobSchema>;

/** Days a finished ZIP is kept before the daily run removes it. */
export const DATA_EXPORT_RETENTION_DAYS = 7;

export const DATA_EXPORT_STATUSES = ['running', 'done', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** What the job is doing now; the screen shows it as text (mf-admin `dataExport.phase.*`). */
export const DATA_EXPORT_PHASES = ['queued', 'tables', 'documents', 'finishing', 'done', 'failed'] as const;
export type DataExportPhase = (typeof DATA_EXPORT_PHASES)[number];

export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** 0–100: share of the tables and documents written so far. */
  progress: z.number().int().min(0).max(100),
  phase: z.enum(DATA_EXPORT_PHASES),
  /** The service whose part is being written (null before the start and after the end). */
  service: z.enum(DATA_EXPORT_SERVICES).nullable(),
  /** Size of the ZIP in bytes once done. */
  sizeBytes: z.number().int().nullable(),
  tables: z.number().int(),
  documents: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the ZIP is removed (done only). */
  expiresAt: z.string().nullable(),
});
export type DataExportDto = z.infer<typeof dataExportSchema>;

/** `GET /data-exports/latest`: the company's newest export, or null before the first. */
export const latestDataExportSchema = z.object({ export: dataExportSchema.nullable() });
export type LatestDataExportDto = z.infer<typeof latestDataExportSchema>;

// ------------------------------------------------------------------ request/reply (operations, auth)

/** `rpc.<svc>.data-export-tables`: the tables the company owns there, their columns and row counts. */
export const dataExportTablesRequestSchema = z.object({ companyId: z.uuid() });
export const dataExportTablesSchema = z.object({
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int() })),
  files: z.object({ count: z.number().int(), bytes: z.number().int() }),
});
export type DataExportTables = z.infer<typeof dataExportTablesSchema>;

/** `rpc.<svc>.data-export-rows`: the next page of a table as CSV lines (no header), keyset by primary key. */
export const dataExportRowsRequestSchema = z.object({
  companyId: z.uuid(),
  table: z.string().min(1).max(63),
  after: z.array(z.string()).nullable(),
});
export const dataExportRowsSchema = z.object({
  csv: z.string(),
  rows: z.number().int(),
  /** Key of the last row sent; null when the table is done. */
  after: z.array(z.string()).nullable(),
});
export type DataExportRows = z.infer<typeof dataExportRowsSchema>;

/** One stored document: `ref` addresses it for the chunk requests, `name` is its path in the ZIP. */
export const dataExportFileSchema = z.object({
  ref: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type DataExportFile = z.infer<typeof dataExportFileSchema>;

/** `rpc.<svc>.data-export-files`: the next page of the company's documents. */
export const dataExportFilesRequestSchema = z.object({ companyId: z.uuid(), cursor: z.string().nullable() });
export const dataExportFilesSchema = z.object({ files: z.array(dataExportFileSchema), cursor: z.string().nullable() });
export type DataExportFiles = z.infer<typeof dataExportFilesSchema>;

/** Largest chunk of a document in one reply (base64 makes it ~683 KB, under NATS' 1 MB). */
export const DATA_EXPORT_CHUNK_BYTES = 512 * 1024;

/** `rpc.<svc>.data-export-chunk`: up to 512 KB of a document from `offset`, base64. */
export const dataExportChunkRequestSchema = z.object({
  companyId: z.uuid(),
  ref: z.string().min(1).max(1000),
  offset: z.number().int().min(0),
});
export const dataExportChunkSchema = z.object({ data: z.string(), size: z.number().int() });
export type DataExportChunk = z.infer<typeof dataExportChunkSchema>;
