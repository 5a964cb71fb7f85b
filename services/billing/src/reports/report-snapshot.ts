import {
  ianaTimeZone,
  type BillingReportSignedData,
  type ReportContentDto,
  type ReportData,
  type ReportEmployeeDto,
  type ReportSurchargeDto,
  type ReportTimeEntryDto,
  type SurchargeKind,
} from '@zunft/contracts';

/** The customer as the report keeps it (for documents, mails and the invoice event). */
export interface ReportCustomerSnapshot {
  name: string;
  contact_person: string | null;
  email: string | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  language: 'de' | 'fr' | 'it';
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function localParts(iso: string, timeZone: string): { date: string; time: string } {
  const d = new Date(iso);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    d,
  );
  const time = new Intl.DateTimeFormat('de-CH', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
  return { date, time };
}

/** Which surcharge the applied percent (the maximum of the three) came from; Sunday before Saturday before night. */
function surchargeKind(e: ReportData['time_entries'][number]): SurchargeKind | null {
  if (e.surcharge_total <= 0) return null;
  if (e.surcharge_sunday === e.surcharge_total) return 'sunday';
  if (e.surcharge_saturday === e.surcharge_total) return 'saturday';
  if (e.surcharge_night === e.surcharge_total) return 'night';
  return 'night';
}

/**
 * The report's snapshot of operations' report data: per employee the entries (local date and
 * times in the company's zone), hours (breaks subtracted), break minutes and surcharge hours; the
 * materials and expenses. `hourlyRates` are the billing directory's rates (null when unknown).
 */
export function buildReportContent(
  data: ReportData,
  hourlyRates: ReadonlyMap<string, number | null>,
): ReportContentDto {
  const zone = ianaTimeZone(data.period.timezone);
  const byEmployee = new Map<string, ReportEmployeeDto>();
  const minutes = new Map<object, number>();
  const addMinutes = (line: object, add: number) => {
    const sum = (minutes.get(line) ?? 0) + add;
    minutes.set(line, sum);
    return round2(sum / 60);
  };
  for (const e of data.time_entries) {
    let emp = byEmployee.get(e.user_id);
    if (!emp) {
      emp = {
        employee_id: e.user_id,
        employee_name: e.user_name,
        hourly_rate: hourlyRates.get(e.user_id) ?? null,
        hours: 0,
        break_minutes: 0,
        surcharges: [],
        entries: [],
      };
      byEmployee.set(e.user_id, emp);
    }
    const start = localParts(e.start_time, zone);
    const end = localParts(e.end_time, zone);
    const hours = round2(e.total_minutes / 60);
    const kind = surchargeKind(e);
    // `precise` mode (issue 24): the minutes per ArG window, each billed on its own
    const precise = e.precise_surcharges ?? [];
    const entry: ReportTimeEntryDto = {
      time_entry_id: e.id,
      date: start.date,
      start: start.time,
      end: end.time,
      break_minutes: e.break_minutes,
      hours,
      surcharge_percent: e.surcharge_total,
      surcharge_kind: kind,
      ...(precise.length > 0 ? { surcharge_minutes: precise.map((p) => ({ ...p })) } : {}),
      description: e.description,
    };
    emp.entries.push(entry);
    emp.break_minutes += e.break_minutes;
    // minutes are summed exactly and turned into hours (0.01 h) once per line: 2 × 170 min = 5.67 h
    emp.hours = addMinutes(emp, e.total_minutes);
    if (kind) {
      let s = emp.surcharges.find((x) => x.kind === kind && x.percent === e.surcharge_total && x.minutes === undefined);
      if (!s) emp.surcharges.push((s = { kind, percent: e.surcharge_total, hours: 0 } satisfies ReportSurchargeDto));
      s.hours = addMinutes(s, e.total_minutes);
    }
    for (const p of precise) {
      let s = emp.surcharges.find((x) => x.kind === p.kind && x.percent === p.percent && x.minutes !== undefined);
      if (!s) emp.surcharges.push((s = { kind: p.kind, percent: p.percent, hours: 0, minutes: 0 }));
      s.minutes! += p.minutes;
      s.hours = round2(s.minutes! / 60);
    }
  }
  const employees = [...byEmployee.values()].sort((a, b) => a.employee_name.localeCompare(b.employee_name, 'de'));
  const materials = data.material_usage.map((u) => ({
    usage_id: u.id,
    material_id: u.material_id,
    name: u.material_name,
    unit: u.unit,
    quantity: u.quantity,
    unit_price: u.unit_price,
    total_price: u.total_price,
    used_at: u.used_at,
    employee_id: u.user_id,
    employee_name: u.user_name,
  }));
  const expenses = data.expenses.map((x) => ({
    expense_id: x.id,
    description: x.description,
    category: x.category,
    amount: x.amount,
    // entered with VAT (issue 22): kept as entered, the invoice takes its net amount
    ...(x.vat_included ? { vat_included: true, vat_rate: x.vat_rate ?? null } : {}),
    date: x.expense_date,
    employee_id: x.user_id,
    employee_name: x.user_name,
  }));
  const totalMinutes = data.time_entries.reduce((s, e) => s + e.total_minutes, 0);
  return {
    employees,
    materials,
    expenses,
    total_hours: round2(totalMinutes / 60),
    materials_total: round2(materials.reduce((s, m) => s + m.total_price, 0)),
    expenses_total: round2(expenses.reduce((s, x) => s + x.amount, 0)),
    is_empty: employees.length === 0 && materials.length === 0 && expenses.length === 0,
    excluded: data.excluded,
  };
}

/** The snapshot part of `billing.report.signed`. */
export function reportSignedEventData(r: {
  id: string;
  company_id: string;
  report_number: string;
  customer_id: string;
  project_id: string;
  project_title: string;
  project_number: string;
  customer: ReportCustomerSnapshot;
  language: 'de' | 'fr' | 'it';
  period_start: string;
  period_end: string;
  signed_at: string;
  signer_name: string;
  content: ReportContentDto;
}): BillingReportSignedData {
  return {
    reportId: r.id,
    reportNumber: r.report_number,
    companyId: r.company_id,
    customerId: r.customer_id,
    projectId: r.project_id,
    projectName: r.project_title,
    projectNumber: r.project_number,
    customer: {
      name: r.customer.name,
      email: r.customer.email,
      address: r.customer.address,
      zip: r.customer.zip,
      city: r.customer.city,
      language: r.customer.language,
    },
    language: r.language,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    signedAt: r.signed_at,
    signerName: r.signer_name,
    labour: r.content.employees.map((e) => ({
      employeeId: e.employee_id,
      employeeName: e.employee_name,
      hours: e.hours,
      breakMinutes: e.break_minutes,
      hourlyRate: e.hourly_rate,
      surcharges: e.surcharges.map((s) => ({
        kind: s.kind,
        percent: s.percent,
        hours: s.hours,
        ...(s.minutes !== undefined ? { minutes: s.minutes } : {}),
      })),
    })),
    materials: r.content.materials.map((m) => ({
      materialId: m.material_id,
      name: m.name,
      unit: m.unit,
      quantity: m.quantity,
      unitPrice: m.unit_price,
    })),
    expenses: r.content.expenses.map((x) => ({
      expenseId: x.expense_id,
      description: x.description,
      category: x.category,
      amount: x.amount,
      ...(x.vat_included ? { vatIncluded: true, vatRate: x.vat_rate ?? null } : {}),
      date: x.date,
    })),
    timeEntryIds: r.content.employees.flatMap((e) => e.entries.map((x) => x.time_entry_id)),
    materialUsageIds: r.content.materials.map((m) => m.usage_id),
    expenseIds: r.content.expenses.map((x) => x.expense_id),
  };
}
