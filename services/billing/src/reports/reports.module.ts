import { Module } from '@nestjs/common';
import { StorageModule } from '@zunft/nest-common';
import { DirectoryModule } from '../directory/directory.module.js';
import { BillingUserDependenciesResponder } from './consumers/user-dependencies.responder.js';
import { ReportStaffRatesConsumer } from './consumers/report-staff-rates.consumer.js';
import { ReportUserDeletedConsumer } from './consumers/report-user-deleted.consumer.js';
import { ReportDocumentBuilder } from './report-document.builder.js';
import { ReportImageUploadInterceptor } from './report-image-upload.interceptor.js';
import { ReportImagesService } from './report-images.service.js';
import { ReportSnapshotReader } from './report-snapshot.reader.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';
import { SignatureController } from './signature.controller.js';

/** Work reports (Rapporte): snapshot, photos, signature link, sealed PDF, billing.report.signed. */
@Module({
  imports: [DirectoryModule, StorageModule.forRoot()],
  controllers: [ReportsController, SignatureController],
  providers: [
    ReportsRepository,
    ReportsService,
    ReportImagesService,
    ReportImageUploadInterceptor,
    ReportDocumentBuilder,
    ReportSnapshotReader,
    ReportUserDeletedConsumer,
    ReportStaffRatesConsumer,
    BillingUserDependenciesResponder,
  ],
  exports: [ReportSnapshotReader, ReportsService],
})
export class ReportsModule {}
