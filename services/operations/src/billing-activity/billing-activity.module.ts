import { Module } from '@nestjs/common';
import { ActivitiesRepository } from '../common/activities.repository.js';
import { BillingActivityConsumer } from './billing-activity.consumer.js';

/** billing.invoice.* → the dashboard's recent activity. */
@Module({
  providers: [ActivitiesRepository, BillingActivityConsumer],
})
export class BillingActivityModule {}
