import { Module } from '@nestjs/common';
import { ReportDataRepository } from './report-data.repository.js';
import { ReportDataResponder } from './report-data.responder.js';
import { ReportDataService } from './report-data.service.js';

/** Answers billing's report-data requests (NATS request/reply, no HTTP route). */
@Module({ providers: [ReportDataRepository, ReportDataService, ReportDataResponder] })
export class ReportDataModule {}
