import { Module } from '@nestjs/common';
import { ActivitiesRepository } from '../common/activities.repository.js';
import { CustomerRecordsConsumer } from './consumers/customer-records.consumer.js';
import { CustomersController } from './customers.controller.js';
import { CustomersRepository } from './customers.repository.js';
import { CustomersService } from './customers.service.js';

@Module({
  controllers: [CustomersController],
  providers: [CustomersRepository, CustomersService, ActivitiesRepository, CustomerRecordsConsumer],
  exports: [CustomersService],
})
export class CustomersModule {}
