import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/index.js';
import { CustomerRecordsConsumer } from './consumers/customer-records.consumer.js';
import { CustomersController } from './customers.controller.js';
import { CustomersRepository } from './customers.repository.js';
import { CustomersService } from './customers.service.js';

@Module({
  imports: [ActivitiesModule],
  controllers: [CustomersController],
  providers: [CustomersRepository, CustomersService, CustomerRecordsConsumer],
  exports: [CustomersService],
})
export class CustomersModule {}
