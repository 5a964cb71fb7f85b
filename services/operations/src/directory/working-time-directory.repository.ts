import { Injectable } from '@nestjs/common';
import {
  DEFAULT_EMPLOYMENT,
  DEFAULT_WORKING_TIME_SETTINGS,
  type Canton,
  type EventData,
  type Language,
  type SurchargeMode,
  type WeeklyMaxHours,
  type WorkingTimeSettingsDto,
} from '@zunft/contracts';
import { one, rows } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

type SettingsData = EventData<'auth.company.settings-updated'>['settings'];
type UserData = EventData<'auth.user.created'>;

/** The company's working-time settings (issue 24) and its language (payroll export columns). */
export interface CompanyWorkingTime extends WorkingTimeSettingsDto {
  language: Language;
  timezone: string;
  /** From auth's company events; null until one arrived (companies registered before it was copied). */
  company_name: string | null;
}

/** A contract period of an employee from `from` on (yyyy-MM-dd). */
export interface EmploymentPeriodRow {
  userId: string;
  from: string;
  pensum: number;
  weeklyHours: number;
  holidayDaysPerYear: number;
}

const zurichDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' });

/**
 * Local copies of auth's working-time data: the settings fields and the employees' contract
 * periods. A pensum change arrives as `auth.user.updated`; it starts a new period on the day it
 * arrives, so the months before keep their targets. Safe to repeat (same values change nothing).
 */
@Injectable()
export class WorkingTimeDirectoryRepository {
  async upsertSettings(manager: EntityManager, companyId: string, s: SettingsData): Promise<void> {
    // the row exists: DirectoryRepository.upsertSettings wrote it in the same transaction
    await manager.query(
      `UPDATE company_settings SET language = $2,
         canton = CASE WHEN $3::boolean THEN $4 ELSE canton END,
         surcharge_mode = COALESCE($5, surcharge_mode), night_start = COALESCE($6, night_start),
         night_end = COALESCE($7, night_end), weekly_max_hours = COALESCE($8::integer, weekly_max_hours),
         gps_retention_days = COALESCE($9::integer, gps_retention_days)
       WHERE company_id = $1`,
      [
        companyId,
        s.language,
        s.canton !== undefined,
        s.canton ?? null,
        s.surcharge_mode ?? null,
        s.night_start ?? null,
        s.night_end ?? null,
        s.weekly_max_hours ?? null,
        s.gps_retention_days ?? null,
      ],
    );
  }

  /** The company's name; a profile update before the registration arrives keeps the defaults of the rest. */
  async setCompanyName(manager: EntityManager, companyId: string, name: string): Promise<void> {
    await manager.query(
      `INSERT INTO company_settings (company_id, company_name) VALUES ($1, $2)
       ON CONFLICT (company_id) DO UPDATE SET company_name = EXCLUDED.company_name`,
      [companyId, name.trim() || null],
    );
  }

  async settings(manager: EntityManager, companyId: string): Promise<CompanyWorkingTime> {
    const row = await one<{
      language: Language;
      timezone: string;
      canton: Canton | null;
      surcharge_mode: SurchargeMode;
      night_start: string;
      night_end: string;
      weekly_max_hours: number;
      gps_retention_days: number;
      company_name: string | null;
    }>(
      manager,
      `SELECT language, timezone, canton, surcharge_mode, night_start, night_end, weekly_max_hours, gps_retention_days,
              company_name
       FROM company_settings WHERE company_id = $1`,
      [companyId],
    );
    if (!row)
      return { ...DEFAULT_WORKING_TIME_SETTINGS, language: 'de', timezone: 'Europe/Zurich', company_name: null };
    return { ...row, weekly_max_hours: row.weekly_max_hours as WeeklyMaxHours };
  }

  /** Records the contract figures of a user event (older events without them change nothing). */
  async applyEmployment(manager: EntityManager, companyId: string, u: UserData, today = new Date()): Promise<void> {
    if (u.pensum === undefined && u.employmentStart === undefined) return;
    const values = {
      pensum: u.pensum ?? DEFAULT_EMPLOYMENT.pensum,
      weeklyHours: u.weeklyHours ?? DEFAULT_EMPLOYMENT.weekly_hours,
      holidayDaysPerYear: u.holidayDaysPerYear ?? DEFAULT_EMPLOYMENT.holiday_days_per_year,
    };
    const start = u.employmentStart ?? zurichDay.format(today);
    const periods = await this.periods(manager, companyId, [u.userId]);
    const first = periods[0];
    if (!first) {
      await this.upsertPeriod(manager, companyId, u.userId, start, values);
      return;
    }
    // the employment start moved: the first period starts there (unless that passes a later period)
    if (first.from !== start && (!periods[1] || start < periods[1].from)) {
      await manager.query(
        `UPDATE employment_periods SET valid_from = $3 WHERE user_id = $1 AND company_id = $2 AND valid_from = $4`,
        [u.userId, companyId, start, first.from],
      );
      first.from = start;
    }
    const latest = periods[periods.length - 1]!;
    const same =
      latest.pensum === values.pensum &&
      latest.weeklyHours === values.weeklyHours &&
      latest.holidayDaysPerYear === values.holidayDaysPerYear;
    if (same) return;
    const from = [zurichDay.format(today), start].sort().pop()!;
    await this.upsertPeriod(manager, companyId, u.userId, from < latest.from ? latest.from : from, values);
  }

  private async upsertPeriod(
    manager: EntityManager,
    companyId: string,
    userId: string,
    from: string,
    v: { pensum: number; weeklyHours: number; holidayDaysPerYear: number },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO employment_periods (company_id, user_id, valid_from, pensum, weekly_hours, holiday_days_per_year)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, valid_from) DO UPDATE SET pensum = EXCLUDED.pensum, weekly_hours = EXCLUDED.weekly_hours,
         holiday_days_per_year = EXCLUDED.holiday_days_per_year
       WHERE employment_periods.company_id = EXCLUDED.company_id`,
      [companyId, userId, from, v.pensum, v.weeklyHours, v.holidayDaysPerYear],
    );
  }

  /** The contract periods of some employees of the company, oldest first. */
  async periods(manager: EntityManager, companyId: string, userIds: readonly string[]): Promise<EmploymentPeriodRow[]> {
    const found = await rows<{
      user_id: string;
      valid_from: string;
      pensum: string;
      weekly_hours: string;
      holiday_days_per_year: string;
    }>(
      manager,
      `SELECT user_id, to_char(valid_from, 'YYYY-MM-DD') AS valid_from, pensum, weekly_hours, holiday_days_per_year
       FROM employment_periods WHERE company_id = $1 AND user_id = ANY($2::uuid[]) ORDER BY user_id, valid_from`,
      [companyId, userIds],
    );
    return found.map((r) => ({
      userId: r.user_id,
      from: r.valid_from,
      pensum: Number(r.pensum),
      weeklyHours: Number(r.weekly_hours),
      holidayDaysPerYear: Number(r.holiday_days_per_year),
    }));
  }
}
