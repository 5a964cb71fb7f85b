import { Injectable } from '@nestjs/common';
import type { RpcParsedRequest, RpcReplyData } from '@zunft/contracts';
import { CompanyDataReader, RpcResponder } from '@zunft/nest-common';
import { DataSource } from 'typeorm';

/**
 * Operations' part of «Alle Daten exportieren» (issue 26, revDSG art. 28): billing's export job asks
 * for the company's tables (found in the schema: every table with `company_id`), their rows page by
 * page as CSV, and its documents (expense receipts, `bytea` of `expense_receipts`) in 512 KB chunks.
 * No HTTP route: only billing's worker asks, over NATS request/reply.
 */
@Injectable()
export class OperationsDataReader extends CompanyDataReader {
  constructor(dataSource: DataSource) {
    super(dataSource);
  }
}

@Injectable()
export class DataExportTablesResponder extends RpcResponder<'rpc.operations.data-export-tables'> {
  readonly subject = 'rpc.operations.data-export-tables';
  constructor(private readonly reader: OperationsDataReader) {
    super();
  }
  handle(r: RpcParsedRequest<'rpc.operations.data-export-tables'>) {
    return this.reader.tables(r.companyId);
  }
}

@Injectable()
export class DataExportRowsResponder extends RpcResponder<'rpc.operations.data-export-rows'> {
  readonly subject = 'rpc.operations.data-export-rows';
  constructor(private readonly reader: OperationsDataReader) {
    super();
  }
  handle(r: RpcParsedRequest<'rpc.operations.data-export-rows'>) {
    return this.reader.rows(r.companyId, r.table, r.after);
  }
}

@Injectable()
export class DataExportFilesResponder extends RpcResponder<'rpc.operations.data-export-files'> {
  readonly subject = 'rpc.operations.data-export-files';
  constructor(private readonly reader: OperationsDataReader) {
    super();
  }
  handle(r: RpcParsedRequest<'rpc.operations.data-export-files'>) {
    return this.reader.files(r.companyId, r.cursor);
  }
}

@Injectable()
export class DataExportChunkResponder extends RpcResponder<'rpc.operations.data-export-chunk'> {
  readonly subject = 'rpc.operations.data-export-chunk';
  constructor(private readonly reader: OperationsDataReader) {
    super();
  }
  async handle(
    r: RpcParsedRequest<'rpc.operations.data-export-chunk'>,
  ): Promise<RpcReplyData<'rpc.operations.data-export-chunk'>> {
    const { data, size } = await this.reader.chunk(r.companyId, r.ref, r.offset);
    return { data, size };
  }
}
