import { Module } from '@nestjs/common';
import { StorageModule } from '@zunft/nest-common';
import { DataExportController } from './data-export.controller.js';
import { DataExportRepository } from './data-export.repository.js';
import { DataExportService } from './data-export.service.js';
import { BuildDataExportJob } from './jobs/build-data-export.job.js';
import { ExpireDataExportsTask } from './jobs/expire-data-exports.task.js';

/** «Alle Daten exportieren» (issue 26): routes in the API, the ZIP job and its daily clean-up in the worker. */
@Module({
  imports: [StorageModule.forRoot()],
  controllers: [DataExportController],
  providers: [DataExportRepository, DataExportService, BuildDataExportJob, ExpireDataExportsTask],
})
export class DataExportModule {}
