import { Module } from '@nestjs/common';
import { WorkingTimeModule } from '../working-time/index.js';
import { ReportDataRepository } from './report-data.repository.js';
import { ReportDataResponder } from './report-data.responder.js';
import { ReportDataService } from './report-data.service.js';

/** Answers billing's report-data requests (NATS request/reply, no HTTP route). */
@Module({ imports: [WorkingTimeModule], providers: [ReportDataRepository, ReportDataService, ReportDataResponder] })
export class ReportDataModule {}
