import { Module } from '@nestjs/common';
import { AbsencesController } from './absences.controller.js';
import { AbsencesService } from './absences.service.js';
import { CompanyNameBackfill } from './company-name.client.js';
import { EntryWorkingTime } from './entry-warnings.service.js';
import { GpsRetentionTask } from './gps-retention.task.js';
import { HolidaysController } from './holidays.controller.js';
import { HolidaysService } from './holidays.service.js';
import { MonthLock } from './month-lock.service.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { TimeAccountsController, TimeRecordsController } from './time-accounts.controller.js';
import { TimeAccountsService } from './time-accounts.service.js';
import { WorkingTimeCalendar } from './working-time-calendar.service.js';
import { WorkingTimeRepository } from './working-time.repository.js';

/**
 * Working time (issue 24): holidays, absences and the notifications of holiday requests, the month
 * account and its close, exports, GPS retention.
 */
@Module({
  controllers: [
    HolidaysController,
    AbsencesController,
    TimeAccountsController,
    TimeRecordsController,
    NotificationsController,
  ],
  providers: [
    WorkingTimeRepository,
    WorkingTimeCalendar,
    MonthLock,
    HolidaysService,
    AbsencesService,
    TimeAccountsService,
    CompanyNameBackfill,
    GpsRetentionTask,
    EntryWorkingTime,
    NotificationsRepository,
    NotificationsService,
  ],
  exports: [MonthLock, WorkingTimeCalendar, EntryWorkingTime],
})
export class WorkingTimeModule {}
