import { Injectable } from '@nestjs/common';
import { OPERATIONS_MESSAGES, type RpcParsedRequest, type ReportData } from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { OperationsError } from '../common/operations.errors.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
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
    private readonly directory: DirectoryRepository,
  ) {}

  load(request: RpcParsedRequest<'rpc.operations.report-data'>): Promise<ReportData> {
    const scope = TenantScope.forSystem(request.companyId);
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const header = await this.repo.header(m, scope, request.projectId);
      if (!header) throw new OperationsError('not_found', OPERATIONS_MESSAGES.projectNotFound, 404);
      const { timezone } = await this.directory.settings(m, scope);
      const period = { start: request.periodStart, end: request.periodEnd, timezone: ianaTimeZone(timezone) };
      return {
        period,
        ...header,
        time_entries: await this.repo.timeEntries(m, scope, request.projectId, period),
        material_usage: await this.repo.materialUsage(m, scope, request.projectId, period),
        expenses: await this.repo.expenses(m, scope, request.projectId, period),
        excluded: await this.repo.excluded(m, scope, request.projectId, period),
      };
    });
  }
}
