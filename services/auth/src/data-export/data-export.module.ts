import { Module } from '@nestjs/common';
import {
  DataExportChunkResponder,
  DataExportFilesResponder,
  DataExportRowsResponder,
  DataExportTablesResponder,
  AuthDataReader,
} from './data-export.responders.js';

/** Auth' part of the company's data export (issue 26): NATS responders only, no HTTP route. */
@Module({
  providers: [
    AuthDataReader,
    DataExportTablesResponder,
    DataExportRowsResponder,
    DataExportFilesResponder,
    DataExportChunkResponder,
  ],
})
export class DataExportModule {}
