import { Injectable } from '@nestjs/common';
import type { HolidayDto, Language } from '@zunft/contracts';
import type { TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { DirectoryService, type CompanyWorkingTime } from '../directory/index.js';
import { cantonHolidays, holidayCalendar, type HolidayCalendar } from './rules/holidays.js';
import { WorkingTimeRepository } from './working-time.repository.js';

/** The company's working-time settings and its holiday calendar (canton days and its own days). */
@Injectable()
export class WorkingTimeCalendar {
  constructor(
    private readonly repo: WorkingTimeRepository,
    private readonly directory: DirectoryService,
  ) {}

  settings(m: EntityManager, scope: TenantScope): Promise<CompanyWorkingTime> {
    return this.directory.workingTimeSettings(m, scope.companyId);
  }

  /** The holidays of the years from…to (yyyy-MM-dd), canton days first then the company's, by date. */
  async holidays(
    m: EntityManager,
    scope: TenantScope,
    settings: CompanyWorkingTime,
    from: string,
    to: string,
    language: Language = settings.language,
  ): Promise<HolidayDto[]> {
    const days: HolidayDto[] = [];
    for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++)
      for (const h of cantonHolidays(settings.canton, year, language))
        if (h.date >= from && h.date <= to)
          days.push({ id: null, date: h.date, name: h.name, half_day: h.halfDay, source: 'canton' });
    days.push(...(await this.repo.ownHolidays(m, scope, from, to)));
    return days.sort((a, b) => a.date.localeCompare(b.date) || a.source.localeCompare(b.source));
  }

  async calendar(
    m: EntityManager,
    scope: TenantScope,
    settings: CompanyWorkingTime,
    from: string,
    to: string,
  ): Promise<HolidayCalendar> {
    const days = await this.holidays(m, scope, settings, from, to);
    return holidayCalendar(days.map((d) => ({ date: d.date, name: d.name, halfDay: d.half_day })));
  }
}
