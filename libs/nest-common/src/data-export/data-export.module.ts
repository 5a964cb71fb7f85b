import { Inject, Injectable, Module, type DynamicModule } from '@nestjs/common';
import type { RpcParsedRequest, RpcReplyData, RpcSubject } from '@zunft/contracts';
import { DataSource } from 'typeorm';
import { RpcResponder } from '../events/request-reply.js';
import { CompanyDataReader, type CompanyDataReaderOptions } from './company-data-reader.js';

/*
 * A service's part of «Alle Daten exportieren» (issue 26, revDSG art. 28): billing's export job asks
 * each service over NATS request/reply (`rpc.<service>.data-export-*`, no HTTP route) for the
 * company's tables, their rows page by page as CSV, its documents and their 512 KB chunks; the
 * service's `CompanyDataReader` answers. The service only names its subjects' owner and what its
 * reader leaves out or treats as root tables: `CompanyDataExportModule.forService('auth', …)`.
 */

type OwnerOf<S> = S extends `rpc.${infer O}.data-export-tables` ? O : never;
/** The services that answer the data export's subjects (`rpc.<owner>.data-export-*` of `rpcContracts`). */
export type DataExportOwner = OwnerOf<RpcSubject>;

type TablesSubject = `rpc.${DataExportOwner}.data-export-tables`;
type RowsSubject = `rpc.${DataExportOwner}.data-export-rows`;
type FilesSubject = `rpc.${DataExportOwner}.data-export-files`;
type ChunkSubject = `rpc.${DataExportOwner}.data-export-chunk`;

const DATA_EXPORT_OWNER = Symbol('DATA_EXPORT_OWNER');

abstract class DataExportResponder<S extends RpcSubject> extends RpcResponder<S> {
  @Inject(CompanyDataReader) protected readonly reader!: CompanyDataReader;
}

@Injectable()
export class DataExportTablesResponder extends DataExportResponder<TablesSubject> {
  readonly subject: TablesSubject;
  constructor(@Inject(DATA_EXPORT_OWNER) owner: DataExportOwner) {
    super();
    this.subject = `rpc.${owner}.data-export-tables`;
  }
  handle(r: RpcParsedRequest<TablesSubject>) {
    return this.reader.tables(r.companyId);
  }
}

@Injectable()
export class DataExportRowsResponder extends DataExportResponder<RowsSubject> {
  readonly subject: RowsSubject;
  constructor(@Inject(DATA_EXPORT_OWNER) owner: DataExportOwner) {
    super();
    this.subject = `rpc.${owner}.data-export-rows`;
  }
  handle(r: RpcParsedRequest<RowsSubject>) {
    return this.reader.rows(r.companyId, r.table, r.after);
  }
}

@Injectable()
export class DataExportFilesResponder extends DataExportResponder<FilesSubject> {
  readonly subject: FilesSubject;
  constructor(@Inject(DATA_EXPORT_OWNER) owner: DataExportOwner) {
    super();
    this.subject = `rpc.${owner}.data-export-files`;
  }
  handle(r: RpcParsedRequest<FilesSubject>) {
    return this.reader.files(r.companyId, r.cursor);
  }
}

@Injectable()
export class DataExportChunkResponder extends DataExportResponder<ChunkSubject> {
  readonly subject: ChunkSubject;
  constructor(@Inject(DATA_EXPORT_OWNER) owner: DataExportOwner) {
    super();
    this.subject = `rpc.${owner}.data-export-chunk`;
  }
  async handle(r: RpcParsedRequest<ChunkSubject>): Promise<RpcReplyData<ChunkSubject>> {
    const { data, size } = await this.reader.chunk(r.companyId, r.ref, r.offset);
    return { data, size };
  }
}

@Module({})
export class CompanyDataExportModule {
  /** The four responders of `owner`'s subjects over the service's own database, read per `options`. */
  static forService(owner: DataExportOwner, options: CompanyDataReaderOptions = {}): DynamicModule {
    return {
      module: CompanyDataExportModule,
      providers: [
        { provide: DATA_EXPORT_OWNER, useValue: owner },
        {
          provide: CompanyDataReader,
          useFactory: (dataSource: DataSource) => new CompanyDataReader(dataSource, options),
          inject: [DataSource],
        },
        DataExportTablesResponder,
        DataExportRowsResponder,
        DataExportFilesResponder,
        DataExportChunkResponder,
      ],
    };
  }
}
