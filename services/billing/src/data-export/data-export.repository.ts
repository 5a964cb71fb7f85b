import { Injectable } from '@nestjs/common';
import type { DataExportDto, DataExportPhase, DataExportService, DataExportStatus } from '@zunft/contracts';
import { changed, one, rows } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

interface Row {
  id: string;
  company_id: string;
  status: DataExportStatus;
  phase: DataExportPhase;
  service: DataExportService | null;
  progress: number;
  tables: number;
  documents: number;
  size_bytes: string | null;
  parts: number;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date | null;
}

export interface DataExportRecord extends DataExportDto {
  companyId: string;
  parts: number;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const map = (r: Row): DataExportRecord => ({
  id: r.id,
  companyId: r.company_id,
  status: r.status,
  phase: r.phase,
  service: r.service,
  progress: r.progress,
  tables: r.tables,
  documents: r.documents,
  sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
  parts: r.parts,
  createdAt: iso(r.created_at)!,
  finishedAt: iso(r.finished_at),
  expiresAt: iso(r.expires_at),
});

const COLUMNS = `id, company_id, status, phase, service, progress, tables, documents, size_bytes, parts, created_at, finished_at, expires_at`;

/** The `data_exports` rows (issue 26); every query names the company. */
@Injectable()
export class DataExportRepository {
  /** A new running export; the partial unique index refuses a second running one (23505). */
  async insert(m: EntityManager, companyId: string, requestedBy: string): Promise<DataExportRecord> {
    const row = await one<Row>(
      m,
      `INSERT INTO data_exports (company_id, requested_by) VALUES ($1, $2) RETURNING ${COLUMNS}`,
      [companyId, requestedBy],
    );
    return map(row!);
  }

  async find(m: EntityManager, companyId: string, id: string): Promise<DataExportRecord | null> {
    const row = await one<Row>(m, `SELECT ${COLUMNS} FROM data_exports WHERE company_id = $1 AND id = $2`, [
      companyId,
      id,
    ]);
    return row ? map(row) : null;
  }

  async latest(m: EntityManager, companyId: string): Promise<DataExportRecord | null> {
    const row = await one<Row>(
      m,
      `SELECT ${COLUMNS} FROM data_exports WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [companyId],
    );
    return row ? map(row) : null;
  }

  /** Earlier finished exports of the company whose ZIP is still stored (removed when a new one starts). */
  async olderWithFiles(m: EntityManager, companyId: string, exceptId: string): Promise<DataExportRecord[]> {
    const found = await rows<Row>(
      m,
      `SELECT ${COLUMNS} FROM data_exports WHERE company_id = $1 AND id <> $2 AND status IN ('done', 'failed')`,
      [companyId, exceptId],
    );
    return found.map(map);
  }

  async progress(
    m: EntityManager,
    companyId: string,
    id: string,
    p: {
      phase: DataExportPhase;
      service: DataExportService | null;
      progress: number;
      tables: number;
      documents: number;
    },
  ): Promise<void> {
    await m.query(
      `UPDATE data_exports SET phase = $3, service = $4, progress = $5, tables = $6, documents = $7
        WHERE company_id = $1 AND id = $2 AND status = 'running'`,
      [companyId, id, p.phase, p.service, p.progress, p.tables, p.documents],
    );
  }

  async finish(
    m: EntityManager,
    companyId: string,
    id: string,
    p: { sizeBytes: number; parts: number; tables: number; documents: number; retentionDays: number },
  ): Promise<DataExportRecord | null> {
    const [row] = await changed<Row>(
      m,
      `UPDATE data_exports SET status = 'done', phase = 'done', service = NULL, progress = 100, size_bytes = $3,
              parts = $4, finished_at = now(), expires_at = now() + make_interval(days => $5), tables = $6, documents = $7
        WHERE company_id = $1 AND id = $2 AND status = 'running' RETURNING ${COLUMNS}`,
      [companyId, id, p.sizeBytes, p.parts, p.retentionDays, p.tables, p.documents],
    );
    return row ? map(row) : null;
  }

  async fail(m: EntityManager, companyId: string, id: string, error: string): Promise<void> {
    await m.query(
      `UPDATE data_exports SET status = 'failed', phase = 'failed', service = NULL, error = $3, finished_at = now()
        WHERE company_id = $1 AND id = $2 AND status = 'running'`,
      [companyId, id, error.slice(0, 2000)],
    );
  }

  /** Marks an export's ZIP as removed (kept as a row: who exported when). */
  async expire(m: EntityManager, companyId: string, id: string): Promise<void> {
    await m.query(
      `UPDATE data_exports SET status = 'expired', parts = 0 WHERE company_id = $1 AND id = $2 AND status <> 'running'`,
      [companyId, id],
    );
  }

  /**
   * Exports still `running` long after their start (the worker died and BullMQ gave the job up
   * without the handler's own `fail`): failed, so the company may start a new one.
   */
  async failStale(m: EntityManager, startedBefore: Date): Promise<number> {
    const failed = await changed<{ id: string }>(
      m,
      `UPDATE data_exports SET status = 'failed', phase = 'failed', service = NULL, error = 'stale', finished_at = now()
        WHERE status = 'running' AND created_at < $1 RETURNING id`,
      [startedBefore],
    );
    return failed.length;
  }

  /** Every company's finished exports past their expiry (the daily run, all companies). */
  async expiredBefore(m: EntityManager, now: Date): Promise<DataExportRecord[]> {
    const found = await rows<Row>(
      m,
      `SELECT ${COLUMNS} FROM data_exports WHERE status = 'done' AND expires_at <= $1 ORDER BY expires_at LIMIT 1000`,
      [now],
    );
    return found.map(map);
  }
}
