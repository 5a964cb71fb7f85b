import { Module } from '@nestjs/common';
import { CompanyClosedConsumer } from './consumers/company-closed.consumer.js';
import { ClosedCompanyRetentionTask } from './jobs/closed-company-retention.task.js';
import { RetentionRepository } from './retention.repository.js';
import { RetentionService } from './retention.service.js';

/** A closed company's data, removed once kept as the law asks (issue 26). */
@Module({
  providers: [RetentionRepository, RetentionService, CompanyClosedConsumer, ClosedCompanyRetentionTask],
  exports: [RetentionService],
})
export class RetentionModule {}
