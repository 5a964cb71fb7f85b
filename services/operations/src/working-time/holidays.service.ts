import { Injectable } from '@nestjs/common';
import type { CreateHolidayRequest, HolidayDto, HolidayListResponse, MessageResponse } from '@zunft/contracts';
import { successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import type { WorkingTimeActor as Actor } from './working-time-actor.js';
import { WorkingTimeCalendar } from './working-time-calendar.service.js';
import { WorkingTimeErrors } from './working-time.errors.js';
import { WorkingTimeRepository } from './working-time.repository.js';

const zurichYear = () =>
  Number(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date()));

/** The company's public holidays: its canton's (data of the product) and its own local days. */
@Injectable()
export class HolidaysService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: WorkingTimeRepository,
    private readonly calendar: WorkingTimeCalendar,
  ) {}

  async list(actor: Actor, year: number | null): Promise<HolidayListResponse> {
    const m = this.dataSource.manager;
    const scope = TenantScope.fromClaims(actor);
    const y = year ?? zurichYear();
    const settings = await this.calendar.settings(m, scope);
    return this.calendar.holidays(m, scope, settings, `${y}-01-01`, `${y}-12-31`, actor.language ?? settings.language);
  }

  async create(actor: Actor, input: Required<Pick<CreateHolidayRequest, 'date' | 'name'>> & { half_day: boolean }) {
    const created = await this.repo.insertHoliday(this.dataSource.manager, TenantScope.fromClaims(actor), input);
    if (!created) throw WorkingTimeErrors.holidayExists();
    return created satisfies HolidayDto;
  }

  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    if (!(await this.repo.deleteHoliday(this.dataSource.manager, TenantScope.fromClaims(actor), id)))
      throw WorkingTimeErrors.holidayNotFound();
    return { message: successMessage('success.holiday_deleted') };
  }
}
