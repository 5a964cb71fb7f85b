import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DATA_EXPORT_RETENTION_DAYS,
  JOB_BUILD_DATA_EXPORT,
  QUEUE_DATA_EXPORT,
  dataExportJobSchema,
  type AccessTokenClaims,
  type DataExportDto,
  type DataExportJob,
  type DataExportPhase,
  type DataExportService as ServiceName,
} from '@zunft/contracts';
import { CompanyDataReader, FILE_STORAGE, RpcClient, type FileStorage } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors.js';
import { JobProducer } from '../queues/index.js';
import { DataExportErrors } from './data-export.errors.js';
import { DataExportRepository, type DataExportRecord } from './data-export.repository.js';
import { localSource, remoteSource, type ExportSource } from './export-sources.js';
import { ZipParts } from './zip-parts.js';

/** A running export older than this has lost its worker (a large company's export takes minutes). */
export const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/** Size of one stored part of the ZIP (a `stored_files` row); the download streams them in order. */
export const ZIP_PART_BYTES = 8 * 1024 * 1024;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const csvHeader = (columns: string[]) => `${columns.join(';')}\r\n`;

/** The text file at the top of the ZIP: what is in it and what is not (de, fr, it). */
const README = [
  'Zunft – Export aller Daten / Exportation de toutes les données / Esportazione di tutti i dati',
  '',
  'DE: Ein Ordner pro Dienst (auth, operations, billing). Jede Tabelle Ihrer Firma als CSV (UTF-8 mit BOM,',
  'Semikolon, eine Spalte pro Datenbankspalte, Werte wie gespeichert), Dokumente (PDF, Fotos, Belege) unter',
  '<dienst>/dokumente/. Nicht enthalten: Passwort- und Token-Hashes, TOTP-Geheimnisse, API-Schlüssel,',
  'Text der versandten E-Mails (enthält Links mit Zugangstoken). Datenportabilität nach revDSG Art. 28.',
  '',
  'FR: Un dossier par service. Chaque table de votre entreprise en CSV (UTF-8 avec BOM, point-virgule),',
  'documents sous <service>/dokumente/. Non inclus : hachages de mots de passe et de jetons, secrets TOTP,',
  'clés API, texte des e-mails envoyés. Portabilité des données selon l’art. 28 nLPD.',
  '',
  'IT: Una cartella per servizio. Ogni tabella della sua azienda in CSV (UTF-8 con BOM, punto e virgola),',
  'documenti in <servizio>/dokumente/. Non inclusi: hash di password e token, segreti TOTP, chiavi API,',
  'testo delle e-mail inviate. Portabilità dei dati secondo l’art. 28 nLPD.',
  '',
].join('\r\n');

/**
 * «Alle Daten exportieren» (issue 26, revDSG art. 28 data portability): the admin starts an export,
 * the worker writes one ZIP with a CSV of every table the company owns in auth, operations and
 * billing and every stored document, and stores it in parts; the admin downloads it for
 * `DATA_EXPORT_RETENTION_DAYS` days, then the daily run removes it.
 */
@Injectable()
export class DataExportService {
  private readonly logger = new Logger(DataExportService.name);
  private readonly reader: CompanyDataReader;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: DataExportRepository,
    private readonly jobs: JobProducer,
    private readonly rpc: RpcClient,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {
    this.reader = new CompanyDataReader(dataSource, {
      // the copy of the company's profile (directory), by its own id
      rootTables: ['companies'],
      // the mails' bodies carry the customers' signature and acceptance links (tokens)
      excludeColumns: ['mails.text_body', 'mails.html_body'],
      // the export ZIPs themselves
      excludeFilePrefixes: ['data-exports/'],
    });
  }

  private get m(): EntityManager {
    return this.dataSource.manager;
  }

  /** Starts an export (409 while one of the company runs) and queues the job that writes it. */
  async start(user: AccessTokenClaims): Promise<DataExportDto> {
    let record: DataExportRecord;
    try {
      record = await this.repo.insert(this.m, user.companyId, user.sub);
    } catch (error) {
      if (isUniqueViolation(error, 'uq_data_exports_running')) throw DataExportErrors.running();
      throw error;
    }
    try {
      await this.jobs.add(
        QUEUE_DATA_EXPORT,
        JOB_BUILD_DATA_EXPORT,
        dataExportJobSchema,
        { exportId: record.id, companyId: user.companyId },
        { attempts: 2, backoff: { type: 'fixed', delay: 5000 }, removeOnComplete: 100, removeOnFail: 100 },
      );
    } catch (error) {
      await this.repo.fail(this.m, user.companyId, record.id, 'queue unavailable');
      throw error;
    }
    return dto(record);
  }

  async latest(user: AccessTokenClaims): Promise<{ export: DataExportDto | null }> {
    const record = await this.repo.latest(this.m, user.companyId);
    return { export: record ? dto(record) : null };
  }

  /** The finished ZIP's parts in order (one part in memory at a time) for the download. */
  async download(
    user: AccessTokenClaims,
    id: string,
  ): Promise<{ record: DataExportRecord; parts: AsyncGenerator<Buffer> }> {
    const record = await this.repo.find(this.m, user.companyId, id);
    if (!record) throw DataExportErrors.notFound();
    if (record.status !== 'done' || record.parts === 0) throw DataExportErrors.notReady();
    const storage = this.storage;
    async function* parts(): AsyncGenerator<Buffer> {
      for (let i = 1; i <= record!.parts; i += 1) {
        const file = await storage.get(partKey(record!.companyId, record!.id, i));
        if (!file) throw DataExportErrors.notReady();
        yield file.data;
      }
    }
    return { record, parts: parts() };
  }

  /** The worker's job: writes the ZIP, stores it in parts, updates the progress on the way. */
  async build(job: DataExportJob, lastAttempt = true): Promise<BuildResult> {
    const { companyId, exportId } = job;
    const record = await this.repo.find(this.m, companyId, exportId);
    if (!record || record.status !== 'running') return { sizeBytes: 0, parts: 0, tables: 0, documents: 0 };
    // a retried job starts over
    await this.storage.deletePrefix(`${companyId}/data-exports/${exportId}/`);
    try {
      const result = await this.write(companyId, exportId);
      await this.repo.finish(this.m, companyId, exportId, { ...result, retentionDays: DATA_EXPORT_RETENTION_DAYS });
      // one ZIP per company is enough: the earlier ones go
      for (const older of await this.repo.olderWithFiles(this.m, companyId, exportId)) {
        await this.storage.deletePrefix(`${companyId}/data-exports/${older.id}/`);
        await this.repo.expire(this.m, companyId, older.id);
      }
      return result;
    } catch (error) {
      await this.storage.deletePrefix(`${companyId}/data-exports/${exportId}/`);
      this.logger.error({ msg: 'data export failed', exportId, lastAttempt, error: (error as Error).message });
      // BullMQ tries again once; only then the export is failed for the screen
      if (lastAttempt) await this.repo.fail(this.m, companyId, exportId, (error as Error).message);
      throw error;
    }
  }

  private async write(companyId: string, exportId: string): Promise<BuildResult> {
    const sources: ExportSource[] = [
      remoteSource(this.rpc, 'auth'),
      remoteSource(this.rpc, 'operations'),
      localSource(this.reader),
    ];
    // What there is first, so the progress has a total: one step per table and per document.
    const inventories = [];
    for (const source of sources) inventories.push({ source, inventory: await source.tables(companyId) });
    const totalTables = inventories.reduce((n, i) => n + i.inventory.tables.length, 0);
    const totalSteps = totalTables + inventories.reduce((n, i) => n + i.inventory.files.count, 0);
    let steps = 0;
    let tables = 0;
    let documents = 0;
    let shown = -1;
    let shownAt = 0;
    const report = async (phase: DataExportPhase, service: ServiceName | null) => {
      const progress = Math.min(99, Math.floor((steps * 100) / Math.max(1, totalSteps)));
      if (progress === shown && Date.now() - shownAt < 1000) return;
      shown = progress;
      shownAt = Date.now();
      await this.repo.progress(this.m, companyId, exportId, { phase, service, progress, tables, documents });
    };

    const zip = new ZipParts(ZIP_PART_BYTES, async (part, index) => {
      await this.storage.put(partKey(companyId, exportId, index), part, { contentType: 'application/zip', companyId });
    });
    await zip.add('LIESMICH.txt', Buffer.from(README, 'utf8'));

    for (const { source, inventory } of inventories) {
      for (const table of inventory.tables) {
        await report('tables', source.service);
        const entry = zip.entry(`${source.service}/${table.name}.csv`, true);
        await entry.write(Buffer.concat([BOM, Buffer.from(csvHeader(table.columns), 'utf8')]));
        let after: string[] | null = null;
        do {
          const page = await source.rows(companyId, table.name, after);
          if (page.csv.length > 0) await entry.write(Buffer.from(page.csv, 'utf8'));
          after = page.after;
        } while (after !== null);
        await entry.close();
        steps += 1;
        tables += 1;
      }
      let cursor: string | null = null;
      do {
        const page = await source.files(companyId, cursor);
        for (const file of page.files) {
          await report('documents', source.service);
          const entry = zip.entry(
            `${source.service}/dokumente/${file.name}`,
            !/\.(pdf|png|jpe?g|webp|zip)$/i.test(file.name),
          );
          let offset = 0;
          let size = file.size;
          while (offset < size) {
            const chunk = await source.chunk(companyId, file.ref, offset);
            size = chunk.size;
            if (chunk.bytes.length === 0) break;
            await entry.write(chunk.bytes);
            offset += chunk.bytes.length;
          }
          await entry.close();
          steps += 1;
          documents += 1;
        }
        cursor = page.cursor;
      } while (cursor !== null);
    }
    await report('finishing', null);
    return { ...(await zip.end()), tables, documents };
  }

  /**
   * The daily run: removes the ZIPs past their expiry (all companies), keeps the rows; an export
   * still running after `STALE_AFTER_MS` is failed (its worker is gone) and its parts removed.
   */
  async expireOld(manager: EntityManager, now = new Date()): Promise<{ removed: number; failed: number }> {
    const failed = await this.repo.failStale(manager, new Date(now.getTime() - STALE_AFTER_MS));
    let removed = 0;
    for (const record of await this.repo.expiredBefore(manager, now)) {
      await this.storage.deletePrefix(`${record.companyId}/data-exports/${record.id}/`, manager);
      await this.repo.expire(manager, record.companyId, record.id);
      removed += 1;
    }
    return { removed, failed };
  }
}

export interface BuildResult {
  sizeBytes: number;
  parts: number;
  tables: number;
  documents: number;
}

export const partKey = (companyId: string, exportId: string, index: number) =>
  `${companyId}/data-exports/${exportId}/part-${String(index).padStart(5, '0')}`;

function dto(r: DataExportRecord): DataExportDto {
  return {
    id: r.id,
    status: r.status,
    progress: r.progress,
    phase: r.phase,
    service: r.service,
    sizeBytes: r.sizeBytes,
    tables: r.tables,
    documents: r.documents,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
    expiresAt: r.status === 'done' ? r.expiresAt : null,
  };
}
