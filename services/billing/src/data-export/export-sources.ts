import type {
  DataExportFiles,
  DataExportRows,
  DataExportService,
  DataExportTables,
  RpcSubject,
} from '@zunft/contracts';
import type { CompanyDataReader, RpcClient } from '@zunft/nest-common';

/** One service's part of the export: its tables page by page and its documents chunk by chunk. */
export interface ExportSource {
  readonly service: DataExportService;
  tables(companyId: string): Promise<DataExportTables>;
  rows(companyId: string, table: string, after: string[] | null): Promise<DataExportRows>;
  files(companyId: string, cursor: string | null): Promise<DataExportFiles>;
  chunk(companyId: string, ref: string, offset: number): Promise<{ bytes: Buffer; size: number }>;
}

/** Billing's own part: read in its own database, no message in between. */
export function localSource(reader: CompanyDataReader): ExportSource {
  return {
    service: 'billing',
    tables: (companyId) => reader.tables(companyId),
    rows: (companyId, table, after) => reader.rows(companyId, table, after),
    files: (companyId, cursor) => reader.files(companyId, cursor),
    chunk: async (companyId, ref, offset) => {
      const { bytes, size } = await reader.chunk(companyId, ref, offset);
      return { bytes, size };
    },
  };
}

/** A page may take a while on a large table; the default 5 s of request/reply is too short. */
const RPC_TIMEOUT_MS = 30_000;

/** Operations' or auth's part, asked over NATS request/reply (`rpc.<service>.data-export-*`). */
export function remoteSource(rpc: RpcClient, service: 'operations' | 'auth'): ExportSource {
  const subject = <K extends 'tables' | 'rows' | 'files' | 'chunk'>(kind: K) =>
    `rpc.${service}.data-export-${kind}` as Extract<RpcSubject, `rpc.${string}.data-export-${K}`>;
  const options = { timeoutMs: RPC_TIMEOUT_MS, requestId: null };
  return {
    service,
    tables: (companyId) => rpc.request(subject('tables'), { companyId }, options) as Promise<DataExportTables>,
    rows: (companyId, table, after) =>
      rpc.request(subject('rows'), { companyId, table, after }, options) as Promise<DataExportRows>,
    files: (companyId, cursor) =>
      rpc.request(subject('files'), { companyId, cursor }, options) as Promise<DataExportFiles>,
    chunk: async (companyId, ref, offset) => {
      const reply = (await rpc.request(subject('chunk'), { companyId, ref, offset }, options)) as {
        data: string;
        size: number;
      };
      return { bytes: Buffer.from(reply.data, 'base64'), size: reply.size };
    },
  };
}
