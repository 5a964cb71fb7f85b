import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/index.js';
import { BillingActivityConsumer } from './billing-activity.consumer.js';

/** billing.invoice.* → the dashboard's recent activity. */
@Module({
  imports: [ActivitiesModule],
  providers: [BillingActivityConsumer],
})
export class BillingActivityModule {}
