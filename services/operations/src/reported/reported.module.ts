import { Module } from '@nestjs/common';
import { ReportedRecordsConsumer } from './reported-records.consumer.js';

/** Records billed in a signed work report (consumer of `billing.report.signed`). */
@Module({ providers: [ReportedRecordsConsumer] })
export class ReportedModule {}
