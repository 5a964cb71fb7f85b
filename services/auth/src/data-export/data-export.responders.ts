import { Injectable } from '@nestjs/common';
import type { RpcParsedRequest, RpcReplyData } from '@zunft/contracts';
import { CompanyDataReader, RpcResponder } from '@zunft/nest-common';
import { DataSource } from 'typeorm';

/**
 * Auth's part of «Alle Daten exportieren» (issue 26, revDSG art. 28): billing's export job asks for
 * the company's tables (found in the schema: `companies` by its id, every table with `company_id`),
 * their rows page by page as CSV, and its documents (the logos in `stored_files`) in 512 KB chunks.
 * Never exported: password hashes, refresh and super-admin token hashes, the e-mail verification
 * token hash (`SECRET_COLUMN` of nest-common); `refresh_tokens` and `login_throttles` have no
 * `company_id` and are left out anyway. No HTTP route: only billing's worker asks, over NATS.
 */
@Injectable()
export class AuthDataReader extends CompanyDataReader {
  constructor(dataSource: DataSource) {
    super(dataSource, { rootTables: ['companies'] });
  }
}

@Injectable()
export class DataExportTablesResponder extends RpcResponder<'rpc.auth.data-export-tables'> {
  readonly subject = 'rpc.auth.data-export-tables';
  constructor(private readonly reader: AuthDataReader) {
    super();
  }
  handle(r: RpcParsedRequest<'rpc.auth.data-export-tables'>) {
    return this.reader.tables(r.companyId);
  }
}

@Injectable()
export class DataExportRowsResponder extends RpcResponder<'rpc.auth.data-export-rows'> {
  readonly subject = 'rpc.auth.data-export-rows';
  constructor(private readonly reader: AuthDataReader) {
    super();
  }
  handle(r: RpcParsedRequest<'rpc.auth.data-export-rows'>) {
    return this.reader.rows(r.companyId, r.table, r.after);
  }
}

@Injectable()
export class DataExportFilesResponder extends RpcResponder<'rpc.auth.data-export-files'> {
  readonly subject = 'rpc.auth.data-export-files';
  constructor(private readonly reader: AuthDataReader) {
    super();
  }
  handle(r: RpcParsedRequest<'rpc.auth.data-export-files'>) {
    return this.reader.files(r.companyId, r.cursor);
  }
}

@Injectable()
export class DataExportChunkResponder extends RpcResponder<'rpc.auth.data-export-chunk'> {
  readonly subject = 'rpc.auth.data-export-chunk';
  constructor(private readonly reader: AuthDataReader) {
    super();
  }
  async handle(r: RpcParsedRequest<'rpc.auth.data-export-chunk'>): Promise<RpcReplyData<'rpc.auth.data-export-chunk'>> {
    const { data, size } = await this.reader.chunk(r.companyId, r.ref, r.offset);
    return { data, size };
  }
}
