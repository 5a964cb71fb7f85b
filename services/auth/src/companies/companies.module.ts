import { Module } from '@nestjs/common';
import { StorageModule } from '@zunft/nest-common';
import { CompaniesController } from './companies.controller.js';
import { CompaniesRepository } from './companies.repository.js';
import { CompaniesService } from './companies.service.js';
import { CompanyClosureService } from './company-closure.service.js';
import { CompanyNameResponder } from './company-name.responder.js';
import { CompanyRecords } from './company-records.js';

@Module({
  imports: [StorageModule.forRoot()],
  controllers: [CompaniesController],
  providers: [CompaniesRepository, CompaniesService, CompanyClosureService, CompanyRecords, CompanyNameResponder],
  exports: [CompaniesService, CompanyRecords],
})
export class CompaniesModule {}
