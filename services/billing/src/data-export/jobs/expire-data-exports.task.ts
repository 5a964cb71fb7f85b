import { Injectable } from '@nestjs/common';
import { DailyTask, type DailyTaskContext, type DailyTaskInstance } from '../../jobs/index.js';
import { DataExportService } from '../data-export.service.js';

/** Daily: data export ZIPs older than their 7 days are removed (the rows stay: who exported when), stale runs failed. */
@DailyTask('data-export.remove-expired')
@Injectable()
export class ExpireDataExportsTask implements DailyTaskInstance {
  constructor(private readonly exports: DataExportService) {}

  run({ manager }: DailyTaskContext): Promise<{ removed: number; failed: number }> {
    return this.exports.expireOld(manager);
  }
}
