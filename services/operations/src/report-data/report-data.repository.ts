import { Injectable } from '@nestjs/common';
import type { ReportData, ReportDataExpense, ReportDataMaterialUsage, ReportDataTimeEntry } from '@zunft/contracts';
import { one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

interface HeaderRow {
  project_id: string;
  title: string;
  project_number: string;
  status: ReportData['project']['status'];
  project_description: string | null;
  start_date: string | null;
  end_date: string | null;
  customer_id: string;
  name: string;
  contact_person: string | null;
  customer_number: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  language: ReportData['customer']['language'];
}

interface TimeEntryRow {
  id: string;
  user_id: string;
  user_name: string;
  start_time: Date;
  end_time: Date;
  break_minutes: number;
  total_minutes: number;
  surcharge_night: string;
  surcharge_saturday: string;
  surcharge_sunday: string;
  surcharge_total: string;
  description: string | null;
  status: ReportDataTimeEntry['status'];
}

interface MaterialUsageRow {
  id: string;
  material_id: string;
  material_name: string;
  user_id: string;
  user_name: string;
  quantity: string;
  unit: string;
  unit_price: string;
  total_price: string;
  used_at: string;
  description: string | null;
}

/** The rows of a work report: one project of the company with its customer, entries and usage of a period. */
@Injectable()
export class ReportDataRepository {
  async header(
    manager: EntityManager,
    scope: TenantScope,
    projectId: string,
  ): Promise<Pick<ReportData, 'customer' | 'project'> | null> {
    const r = await one<HeaderRow>(
      manager,
      `SELECT p.id AS project_id, p.title, p.project_number, p.status, p.description AS project_description,
              to_char(p.start_date, 'YYYY-MM-DD') AS start_date, to_char(p.end_date, 'YYYY-MM-DD') AS end_date,
              c.id AS customer_id, c.name, c.contact_person, c.customer_number, c.email, c.phone, c.address, c.zip,
              c.city, c.language
       FROM projects p JOIN customers c ON c.id = p.customer_id AND c.company_id = p.company_id
       WHERE p.company_id = $1 AND p.id = $2`,
      [scope.companyId, projectId],
    );
    if (!r) return null;
    return {
      customer: {
        id: r.customer_id,
        name: r.name,
        contact_person: r.contact_person,
        customer_number: r.customer_number,
        email: r.email,
        phone: r.phone,
        address: r.address,
        zip: r.zip,
        city: r.city,
        language: r.language,
      },
      project: {
        id: r.project_id,
        title: r.title,
        project_number: r.project_number,
        status: r.status,
        description: r.project_description,
        start_date: r.start_date,
        end_date: r.end_date,
      },
    };
  }

  /**
   * Finished entries (completed and approved) whose start lies within [periodStart 00:00,
   * periodEnd + 1 day 00:00) in the company's time zone, oldest first.
   */
  async timeEntries(
    manager: EntityManager,
    scope: TenantScope,
    projectId: string,
    period: { start: string; end: string; timezone: string },
  ): Promise<ReportDataTimeEntry[]> {
    const result = await rows<TimeEntryRow>(
      manager,
      `SELECT id, user_id, user_name, start_time, end_time, break_minutes,
              COALESCE(total_minutes,
                GREATEST(0, round(extract(epoch FROM end_time - start_time) / 60)::int - break_minutes)) AS total_minutes,
              surcharge_night, surcharge_saturday, surcharge_sunday, surcharge_total, description, status
       FROM time_entries
       WHERE company_id = $1 AND project_id = $2 AND status IN ('completed', 'approved')
         AND reported_report_id IS NULL
         AND start_time >= ($3::date::timestamp AT TIME ZONE $5)
         AND start_time < (($4::date + 1)::timestamp AT TIME ZONE $5)
       ORDER BY start_time, id`,
      [scope.companyId, projectId, period.start, period.end, period.timezone],
    );
    return result.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      user_name: r.user_name,
      start_time: new Date(r.start_time).toISOString(),
      end_time: new Date(r.end_time).toISOString(),
      break_minutes: r.break_minutes,
      total_minutes: Number(r.total_minutes),
      surcharge_night: Number(r.surcharge_night),
      surcharge_saturday: Number(r.surcharge_saturday),
      surcharge_sunday: Number(r.surcharge_sunday),
      surcharge_total: Number(r.surcharge_total),
      description: r.description,
      status: r.status,
    }));
  }

  /** Approved usage with `used_at` (a date) within the period, both days included. */
  async materialUsage(
    manager: EntityManager,
    scope: TenantScope,
    projectId: string,
    period: { start: string; end: string },
  ): Promise<ReportDataMaterialUsage[]> {
    const result = await rows<MaterialUsageRow>(
      manager,
      `SELECT id, material_id, material_name, user_id, user_name, quantity, unit, unit_price,
              round(quantity * unit_price, 2) AS total_price, to_char(used_at, 'YYYY-MM-DD') AS used_at, description
       FROM material_usages
       WHERE company_id = $1 AND project_id = $2 AND status = 'approved' AND used_at BETWEEN $3::date AND $4::date
         AND reported_report_id IS NULL
       ORDER BY used_at, created_at, id`,
      [scope.companyId, projectId, period.start, period.end],
    );
    return result.map((r) => ({
      ...r,
      quantity: Number(r.quantity),
      unit_price: Number(r.unit_price),
      total_price: Number(r.total_price),
    }));
  }

  /** Approved expenses of the project with `expense_date` within the period, not yet in a signed report. */
  async expenses(
    manager: EntityManager,
    scope: TenantScope,
    projectId: string,
    period: { start: string; end: string },
  ): Promise<ReportDataExpense[]> {
    const result = await rows<
      Omit<ReportDataExpense, 'amount' | 'vat_rate'> & { amount: string; vat_rate: string | null }
    >(
      manager,
      `SELECT id, user_id, trim(first_name || ' ' || last_name) AS user_name, category, description, amount,
              vat_included, vat_rate, to_char(expense_date, 'YYYY-MM-DD') AS expense_date
       FROM expenses
       WHERE company_id = $1 AND project_id = $2 AND status = 'approved'
         AND expense_date BETWEEN $3::date AND $4::date AND reported_report_id IS NULL
       ORDER BY expense_date, created_at, id`,
      [scope.companyId, projectId, period.start, period.end],
    );
    return result.map((r) => ({
      ...r,
      amount: Number(r.amount),
      vat_rate: r.vat_rate === null ? null : Number(r.vat_rate),
    }));
  }

  /** How many records of the period are left out because a signed report already holds them. */
  async excluded(
    manager: EntityManager,
    scope: TenantScope,
    projectId: string,
    period: { start: string; end: string; timezone: string },
  ): Promise<ReportData['excluded']> {
    const r = await one<{ time_entries: number; material_usage: number; expenses: number }>(
      manager,
      `SELECT
         (SELECT count(*)::int FROM time_entries
           WHERE company_id = $1 AND project_id = $2 AND status IN ('completed', 'approved')
             AND reported_report_id IS NOT NULL
             AND start_time >= ($3::date::timestamp AT TIME ZONE $5)
             AND start_time < (($4::date + 1)::timestamp AT TIME ZONE $5)) AS time_entries,
         (SELECT count(*)::int FROM material_usages
           WHERE company_id = $1 AND project_id = $2 AND status = 'approved'
             AND used_at BETWEEN $3::date AND $4::date AND reported_report_id IS NOT NULL) AS material_usage,
         (SELECT count(*)::int FROM expenses
           WHERE company_id = $1 AND project_id = $2 AND status = 'approved'
             AND expense_date BETWEEN $3::date AND $4::date AND reported_report_id IS NOT NULL) AS expenses`,
      [scope.companyId, projectId, period.start, period.end, period.timezone],
    );
    return r ?? { time_entries: 0, material_usage: 0, expenses: 0 };
  }
}
