import { Injectable } from '@nestjs/common';
import type { BillingReportSignedData } from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { reportSignedEventData } from './report-snapshot.js';
import { ReportsRepository } from './reports.repository.js';

/**
 * For the invoices module: the data of `billing.report.signed` for a signed (or approved) report of
 * the company, or null (unknown, other company, not signed). Same builder as the event, so an
 * invoice made before the event was consumed is identical.
 */
@Injectable()
export class ReportSnapshotReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: ReportsRepository,
  ) {}

  async signedReportEventData(
    companyId: string,
    reportId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<BillingReportSignedData | null> {
    const report = await this.repo.find(manager, TenantScope.forSystem(companyId), reportId);
    if (!report || !report.signed_at || !report.signer_name) return null;
    return reportSignedEventData({
      ...report,
      signed_at: new Date(report.signed_at).toISOString(),
      signer_name: report.signer_name,
    });
  }

  /** Records the invoice made from a report (shown as `invoice_id`). */
  async linkInvoice(manager: EntityManager, companyId: string, reportId: string, invoiceId: string): Promise<void> {
    await manager.query(`UPDATE reports SET invoice_id = $3 WHERE company_id = $1 AND id = $2`, [
      companyId,
      reportId,
      invoiceId,
    ]);
  }
}
