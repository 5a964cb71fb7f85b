import { Module } from '@nestjs/common';
import {
  DataExportChunkResponder,
  DataExportFilesResponder,
  DataExportRowsResponder,
  DataExportTablesResponder,
  OperationsDataReader,
} from './data-export.responders.js';

/** Operations' part of the company's data export (issue 26): NATS responders only, no HTTP route. */
@Module({
  providers: [
    OperationsDataReader,
    DataExportTablesResponder,
    DataExportRowsResponder,
    DataExportFilesResponder,
    DataExportChunkResponder,
  ],
})
export class DataExportModule {}
