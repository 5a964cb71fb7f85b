import { Injectable } from '@nestjs/common';
import { JOB_BUILD_DATA_EXPORT, QUEUE_DATA_EXPORT, dataExportJobSchema, type DataExportJob } from '@zunft/contracts';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../jobs/index.js';
import { DataExportService } from '../data-export.service.js';

/** Writes the company's data export ZIP (issue 26); one at a time per worker. */
@JobHandler({ queue: QUEUE_DATA_EXPORT, name: JOB_BUILD_DATA_EXPORT, schema: dataExportJobSchema, concurrency: 1 })
@Injectable()
export class BuildDataExportJob implements JobHandlerInstance<DataExportJob> {
  constructor(private readonly exports: DataExportService) {}

  handle(data: DataExportJob, job: Job) {
    return this.exports.build(data, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
  }
}
