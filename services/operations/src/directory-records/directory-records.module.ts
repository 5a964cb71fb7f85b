import { Module } from '@nestjs/common';
import { DirectoryRecordsRepository } from './directory-records.repository.js';
import { CustomerRecordResponder, ProjectRecordResponder } from './directory-records.responders.js';

/** Answers billing's questions for a customer or project its copy does not know yet (NATS request/reply). */
@Module({ providers: [DirectoryRecordsRepository, CustomerRecordResponder, ProjectRecordResponder] })
export class DirectoryRecordsModule {}
