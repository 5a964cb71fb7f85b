import { Inject, Injectable } from '@nestjs/common';
import type { ReportDocument } from '@zunft/contracts';
import { FILE_STORAGE, type FileStorage, type TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { CompanyLogoService, DirectoryService } from '../directory/index.js';
import { printKey } from './report-keys.js';
import type { ReportImageRow, ReportRow } from './reports.repository.js';

const lines = (...parts: Array<string | null | undefined>) =>
  parts
    .map((p) => p?.trim())
    .filter((p): p is string => Boolean(p))
    .join('\n');

export interface ReportSignatureInput {
  name: string;
  email: string;
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
  png: Buffer;
  sealSha256: string;
}

/** Everything the report PDF shows, from the report's snapshot (the worker only lays it out). */
@Injectable()
export class ReportDocumentBuilder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly directory: DirectoryService,
    private readonly logos: CompanyLogoService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async build(
    scope: TenantScope,
    report: ReportRow,
    images: ReportImageRow[],
    signature: ReportSignatureInput | null,
  ): Promise<ReportDocument> {
    const company = await this.directory.company(this.dataSource.manager, scope.companyId);
    const logo = await this.logos.dataUrl(scope.companyId, company?.logo_url ?? null);
    const printed = await Promise.all(
      images.map(async (i) => {
        const file = i.thumbnail_key ? await this.storage.get(printKey(i.storage_key)) : null;
        return {
          filename: i.filename,
          data_url: file ? `data:image/jpeg;base64,${file.data.toString('base64')}` : null,
        };
      }),
    );
    const c = report.customer;
    const content = report.content;
    return {
      language: report.language,
      company: {
        name: company?.name || '',
        address: company?.address ?? '',
        email: company?.email ?? null,
        phone: company?.phone ?? null,
        website: company?.website ?? null,
        vat_number: company?.vat_number ?? null,
        iban: null,
        logo_data_url: logo,
      },
      customer: {
        name: c.name,
        address: lines(c.contact_person, c.address, [c.zip, c.city].filter(Boolean).join(' ')),
        email: c.email,
        language: c.language,
      },
      report: {
        number: report.report_number,
        title: report.title,
        date: new Date(report.created_at).toISOString().slice(0, 10),
        project_title: report.project_title,
        project_number: report.project_number,
        period_start: report.period_start,
        period_end: report.period_end,
        notes: report.notes,
      },
      employees: content.employees.map((e) => ({
        name: e.employee_name,
        hours: e.hours,
        break_minutes: e.break_minutes,
        surcharges: e.surcharges,
        entries: e.entries.map((x) => ({
          date: x.date,
          start: x.start,
          end: x.end,
          break_minutes: x.break_minutes,
          hours: x.hours,
          surcharge_percent: x.surcharge_percent,
          surcharge_kind: x.surcharge_kind,
          ...(x.surcharge_minutes ? { surcharge_minutes: x.surcharge_minutes } : {}),
          description: x.description,
        })),
      })),
      materials: content.materials.map((m) => ({
        name: m.name,
        unit: m.unit,
        quantity: m.quantity,
        used_at: m.used_at,
        employee_name: m.employee_name,
      })),
      expenses: content.expenses.map((x) => ({
        description: x.description,
        category: x.category,
        amount: x.amount,
        date: x.date,
      })),
      total_hours: content.total_hours,
      is_empty: content.is_empty,
      excluded_count: content.excluded.time_entries + content.excluded.material_usage + content.excluded.expenses,
      images: printed,
      signature: signature
        ? {
            name: signature.name,
            email: signature.email,
            signed_at: signature.signedAt,
            ip: signature.ip,
            user_agent: signature.userAgent,
            image_data_url: `data:image/png;base64,${signature.png.toString('base64')}`,
            seal_sha256: signature.sealSha256,
          }
        : null,
    };
  }
}
