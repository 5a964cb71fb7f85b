import { Module } from '@nestjs/common';
import { AbsencesController } from './absences.controller.js';
import { AbsencesService } from './absences.service.js';
import { EntryWorkingTime } from './entry-warnings.service.js';
import { GpsRetentionTask } from './gps-retention.task.js';
import { HolidaysController } from './holidays.controller.js';
import { HolidaysService } from './holidays.service.js';
import { MonthLock } from './month-lock.service.js';
import { TimeAccountsController, TimeRecordsController } from './time-accounts.controller.js';
import { TimeAccountsService } from './time-accounts.service.js';
import { WorkingTimeCalendar } from './working-time-calendar.service.js';
import { WorkingTimeRepository } from './working-time.repository.js';

/** Working time (issue 24): holidays, absences, the month account and its close, exports, GPS retention. */
@Module({
  controllers: [HolidaysController, AbsencesController, TimeAccountsController, TimeRecordsController],
  providers: [
    WorkingTimeRepository,
    WorkingTimeCalendar,
    MonthLock,
    HolidaysService,
    AbsencesService,
    TimeAccountsService,
    GpsRetentionTask,
    EntryWorkingTime,
  ],
  exports: [MonthLock, WorkingTimeCalendar, EntryWorkingTime],
})
export class WorkingTimeModule {}
