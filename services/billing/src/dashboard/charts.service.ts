import { Injectable } from '@nestjs/common';
import { RECEIVABLE_AGE_BUCKETS, type AccessTokenClaims, type InvoiceChartsResponse } from '@zunft/contracts';
import { one, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { localDate } from '../common/dates.js';
import { ChartsRepository } from './charts.repository.js';

const money = (value: string | number | undefined) => Math.round(Number(value ?? 0) * 100) / 100;

/** The last `count` months up to the one of `today` (yyyy-MM), oldest first. */
export function lastMonths(today: string, count: number): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

@Injectable()
export class ChartsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: ChartsRepository,
  ) {}

  /** Invoiced vs paid over the last 12 months and the open receivables by age (issue 28). */
  async invoiceCharts(actor: AccessTokenClaims): Promise<InvoiceChartsResponse> {
    const m = this.dataSource.manager;
    const scope = TenantScope.fromClaims(actor);
    const company = await one<{ timezone: string }>(m, `SELECT timezone FROM companies WHERE id = $1`, [
      scope.companyId,
    ]);
    const today = localDate(company?.timezone ?? 'Europe/Zurich');
    const months = lastMonths(today, 12);
    const [perMonth, ages] = await Promise.all([
      this.repo.months(m, scope, `${months[0]}-01`, today),
      this.repo.receivables(m, scope, today),
    ]);
    const byMonth = new Map(perMonth.map((r) => [r.month, r]));
    const byAge = new Map(ages.map((r) => [r.bucket, r]));
    return {
      months: months.map((month) => ({
        month,
        invoiced: money(byMonth.get(month)?.invoiced),
        paid: money(byMonth.get(month)?.paid),
      })),
      receivables: RECEIVABLE_AGE_BUCKETS.map((bucket) => ({
        bucket,
        amount: money(byAge.get(bucket)?.amount),
        count: Number(byAge.get(bucket)?.count ?? 0),
      })),
    };
  }
}
