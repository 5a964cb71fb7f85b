import { Injectable } from '@nestjs/common';
import {
  OPERATIONS_MESSAGES,
  type PreciseSurcharge,
  type ReportData,
  type ReportDataTimeEntry,
  type RpcParsedRequest,
  type SurchargeMinutes,
} from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { OperationsError } from '../common/operations.errors.js';
import { DirectoryService, type CompanySettings } from '../directory/index.js';
import { EntryWorkingTime } from '../working-time/index.js';
import { ReportDataRepository } from './report-data.repository.js';

/**
 * The IANA zone of a company time-zone setting. 'Europe/Geneva' (offered by the settings) is no IANA
 * zone, neither PostgreSQL nor Intl know it; Geneva keeps Swiss time, i.e. Europe/Zurich.
 */
export const ianaTimeZone = (setting: string): string => (setting === 'Europe/Geneva' ? 'Europe/Zurich' : setting);

/**
 * The data of a work report for billing. The company comes from the request (a trusted service
 * call, not a user token); every query is scoped by it, so a project of another company is
 * `not_found`. Read in one REPEATABLE READ transaction: header, entries and usage are one snapshot.
 */
@Injectable()
export class ReportDataService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: ReportDataRepository,
    private readonly directory: DirectoryService,
    private readonly workingTime: EntryWorkingTime,
  ) {}

  load(request: RpcParsedRequest<'rpc.operations.report-data'>): Promise<ReportData> {
    const scope = TenantScope.forSystem(request.companyId);
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const header = await this.repo.header(m, scope, request.projectId);
      if (!header) throw new OperationsError('not_found', OPERATIONS_MESSAGES.projectNotFound, 404);
      const settings = await this.directory.settings(m, scope);
      const period = { start: request.periodStart, end: request.periodEnd, timezone: ianaTimeZone(settings.timezone) };
      const entries = await this.repo.timeEntries(m, scope, request.projectId, period);
      return {
        period,
        ...header,
        time_entries: await this.withPreciseSurcharges(m, scope, settings, entries),
        material_usage: await this.repo.materialUsage(m, scope, request.projectId, period),
        expenses: await this.repo.expenses(m, scope, request.projectId, period),
        excluded: await this.repo.excluded(m, scope, request.projectId, period),
      };
    });
  }

  /**
   * In `precise` mode (issue 24) each entry carries its minutes per ArG window with the company's
   * percent: night (ArG art. 17b), Sunday (art. 19) and public holidays at the Sunday percent
   * (art. 20a). Computed now for the whole period (one holiday calendar), so entries saved before the
   * company chose the mode are billed alike. The spec rule's night and Sunday percents are dropped then;
   * the Saturday percent (the company's own rule, by start day) stays as `surcharge_total`.
   */
  private async withPreciseSurcharges(
    m: EntityManager,
    scope: TenantScope,
    settings: CompanySettings,
    entries: ReportDataTimeEntry[],
  ): Promise<ReportDataTimeEntry[]> {
    const minutes = await this.workingTime.minutesOf(
      m,
      scope,
      entries.map((e) => ({
        id: e.id,
        startTime: new Date(e.start_time),
        endTime: new Date(e.end_time),
        breakMinutes: e.break_minutes,
      })),
    );
    if (!minutes) return entries;
    return entries.map((e) => ({
      ...e,
      surcharge_night: 0,
      surcharge_sunday: 0,
      surcharge_total: e.surcharge_saturday,
      precise_surcharges: settings.auto_calculate_surcharges ? preciseOf(minutes.get(e.id), settings) : [],
    }));
  }
}

function preciseOf(m: SurchargeMinutes | undefined, s: CompanySettings): PreciseSurcharge[] {
  if (!m) return [];
  const windows: PreciseSurcharge[] = [
    { kind: 'night', percent: s.night_surcharge, minutes: m.night_minutes },
    { kind: 'sunday', percent: s.sunday_surcharge, minutes: m.sunday_minutes },
    { kind: 'holiday', percent: s.sunday_surcharge, minutes: m.holiday_minutes },
  ];
  return windows.filter((w) => w.minutes > 0 && w.percent > 0);
}
