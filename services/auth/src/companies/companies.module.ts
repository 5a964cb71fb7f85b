import { Module } from '@nestjs/common';
import { StorageModule } from '@zunft/nest-common';
import { CompaniesController } from './companies.controller.js';
import { CompaniesRepository } from './companies.repository.js';
import { CompaniesService } from './companies.service.js';

@Module({
  imports: [StorageModule.forRoot()],
  controllers: [CompaniesController],
  providers: [CompaniesRepository, CompaniesService],
  exports: [CompaniesRepository],
})
export class CompaniesModule {}
