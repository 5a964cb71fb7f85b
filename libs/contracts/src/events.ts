import { z } from 'zod';
import { accountantExportEventData, supportActionEventData } from './audit.js';
import { CURRENCIES, LANGUAGES, TIMEZONES, ROLES } from './common.js';
import { EXPENSE_CATEGORIES, EXPENSE_STATUSES } from './expenses.js';
import { billingReportSignedDataSchema } from './reports.js';
import { subscriptionChangedEventData } from './subscriptions.js';
import { CANTONS, SURCHARGE_MODES } from './working-time.js';

/**
 * Domain events. Every event travels in one envelope; its `type` is also the NATS subject.
 * Publishing goes through each service's outbox; consumers are idempotent by `id`.
 */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(3),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  companyId: z.uuid(),
  actorId: z.uuid().nullable(),
  requestId: z.string().nullable().optional(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

/** The JetStream stream that holds every domain event; subjects are the event types. */
export const EVENTS_STREAM = 'ZUNFT_EVENTS';
export const EVENTS_STREAM_SUBJECTS = ['auth.>', 'operations.>', 'billing.>'];

const companySettingsData = z.object({
  default_hourly_rate: z.number(),
  currency: z.enum(CURRENCIES),
  language: z.enum(LANGUAGES),
  timezone: z.enum(TIMEZONES),
  auto_approve_time_entries: z.boolean(),
  auto_approve_material_usage: z.boolean(),
  require_project_notes: z.boolean(),
  auto_calculate_surcharges: z.boolean(),
  saturday_surcharge: z.number(),
  sunday_surcharge: z.number(),
  night_surcharge: z.number(),
  company_iban: z.string().nullable(),
  vat_number: z.string().nullable(),
  vat_rate: z.number(),
  payment_terms: z.number().int(),
  /** Invoicing settings (issue 11); absent in events published before they existed. */
  reminder_fee_level_1: z.number().optional(),
  reminder_fee_level_2: z.number().optional(),
  reminder_fee_level_3: z.number().optional(),
  reminder_fee_level_4: z.number().optional(),
  default_interest_enabled: z.boolean().optional(),
  default_interest_rate: z.number().optional(),
  /** Interest from the due date (OR 102 para. 2); absent in older events, which means off. */
  interest_from_due_date: z.boolean().optional(),
  auto_reminders_enabled: z.boolean().optional(),
  reminder_interval_days: z.number().int().optional(),
  /** Position at timer start/stop allowed (issue 14); absent in older events, which means off. */
  gps_enabled: z.boolean().optional(),
  /** Working time (issue 24); absent in older events, which means the defaults. */
  canton: z.enum(CANTONS).nullable().optional(),
  surcharge_mode: z.enum(SURCHARGE_MODES).optional(),
  night_start: z.string().optional(),
  night_end: z.string().optional(),
  weekly_max_hours: z.number().int().optional(),
  gps_retention_days: z.number().int().optional(),
});

const userData = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  craftsmanCategory: z.string().nullable(),
  hourlyRate: z.number().nullable(),
  isActive: z.boolean(),
  /** Working time (issue 24); absent in older events, which means the defaults. */
  pensum: z.number().optional(),
  weeklyHours: z.number().optional(),
  holidayDaysPerYear: z.number().optional(),
  /** yyyy-MM-dd */
  employmentStart: z.string().optional(),
});

const operationsCustomerData = z.object({
  customerId: z.uuid(),
  name: z.string(),
  customerNumber: z.string(),
  /** Contact and postal data (billing documents); absent in events published before they were added. */
  contactPerson: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  zip: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  language: z.enum(LANGUAGES).nullable().optional(),
  /** ISO 3166 alpha-2 (CH when absent: events published before it was added). */
  country: z.string().length(2).nullable().optional(),
  /** «Postfach 123» (issue 23); absent in older events, which keeps the stored one. */
  poBox: z.string().nullable().optional(),
  /**
   * When the customer was archived (issue 26: hidden from pickers and new documents, still in every
   * record), null when not; absent in older events, which keeps the stored one.
   */
  archivedAt: z.string().nullable().optional(),
});

const operationsProjectData = z.object({
  projectId: z.uuid(),
  customerId: z.uuid(),
  title: z.string(),
  projectNumber: z.string(),
  status: z.enum(['planned', 'in_progress', 'completed', 'cancelled']),
  assignedUserIds: z.array(z.uuid()),
  /** The billing quote the project was created from (`billing.quote.project-requested`). */
  sourceQuoteId: z.uuid().nullable().optional(),
});

const operationsTimeEntryData = z.object({
  timeEntryId: z.uuid(),
  userId: z.uuid(),
  projectId: z.uuid(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  breakMinutes: z.number().int(),
  totalMinutes: z.number().int().nullable(),
  surchargeTotal: z.number(),
  status: z.enum(['active', 'completed', 'approved']),
});

const operationsMaterialData = z.object({
  materialId: z.uuid(),
  name: z.string(),
  unit: z.string(),
  category: z.string().nullable(),
  unitPrice: z.number(),
  stockQuantity: z.number(),
  minStock: z.number(),
  isActive: z.boolean(),
});

const operationsMaterialUsageData = z.object({
  usageId: z.uuid(),
  projectId: z.uuid(),
  materialId: z.uuid(),
  materialName: z.string(),
  userId: z.uuid(),
  quantity: z.number(),
  unit: z.string(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  usedAt: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
});

const operationsExpenseData = z.object({
  expenseId: z.uuid(),
  userId: z.uuid(),
  projectId: z.uuid().nullable(),
  category: z.enum(EXPENSE_CATEGORIES),
  description: z.string(),
  amount: z.number(),
  /** The amount includes VAT at vatRate (issue 22); absent in older events, which means net. */
  vatIncluded: z.boolean().optional(),
  vatRate: z.number().nullable().optional(),
  expenseDate: z.string(),
  status: z.enum(EXPENSE_STATUSES),
  hasReceipt: z.boolean(),
});

/** A planned assignment (Einsatzplanung); times HH:mm, both null = the whole day. */
const operationsAssignmentData = z.object({
  assignmentId: z.uuid(),
  userId: z.uuid(),
  projectId: z.uuid(),
  workDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  note: z.string().nullable(),
  /** Other assignments of the same employee overlapping this one when it was saved. */
  conflictWith: z.array(z.uuid()),
});

const billingQuoteData = z.object({
  quoteId: z.uuid(),
  quoteNumber: z.string(),
  customerId: z.uuid(),
  title: z.string(),
  status: z.enum(['draft', 'sent', 'accepted', 'rejected', 'expired']),
  /** CHF, rounded to 5 Rappen. */
  total: z.number(),
  /** yyyy-MM-dd */
  validUntil: z.string(),
});

const billingInvoiceData = z.object({
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  projectId: z.uuid().nullable(),
  reportId: z.uuid().nullable(),
  status: z.enum(['draft', 'sent', 'paid', 'overdue', 'cancelled', 'written_off']),
  /** In the invoice currency, rounded to 5 Rappen. */
  total: z.number(),
  currency: z.enum(CURRENCIES),
  /** yyyy-MM-dd */
  dueDate: z.string(),
});

/** Payload schema per event type, version 1. Consumers validate with these. */
export const eventDataSchemas = {
  'auth.company.registered': z.object({
    companyId: z.uuid(),
    name: z.string(),
    email: z.string(),
    language: z.enum(LANGUAGES),
    trialEndsAt: z.string().nullable(),
    adminUserId: z.uuid(),
    settings: companySettingsData,
    /** The owner's address is not confirmed yet (issue 25); absent in events from before: counts as confirmed. */
    emailVerified: z.boolean().optional(),
  }),
  /**
   * The owner's address must be confirmed: billing mails the link `<PUBLIC_URL>/verify-email/<token>`.
   * The event carries no token (the stream keeps events for days): billing asks auth for it at send
   * time (`rpc.auth.email-verification-link`, core NATS, nothing stored); auth keeps only its hash.
   * `expiresAt` names the link this event is about (a newer request supersedes it).
   */
  'auth.company.email-verification-requested': z.object({
    userId: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    companyName: z.string(),
    language: z.enum(LANGUAGES),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  /** The owner opened the verification link: the trial's daily limit of customer mails no longer applies. */
  'auth.company.email-verified': z.object({ verifiedAt: z.iso.datetime({ offset: true }) }),
  'auth.company.settings-updated': z.object({ settings: companySettingsData }),
  'auth.company.profile-updated': z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    address: z.string().nullable(),
    logoUrl: z.string().nullable(),
    /** Structured address (QR bill); absent in events published before it existed. */
    street: z.string().nullable().optional(),
    houseNumber: z.string().nullable().optional(),
    zip: z.string().nullable().optional(),
    city: z.string().nullable().optional(),
    country: z.string().optional(),
  }),
  'auth.company.subscription-changed': subscriptionChangedEventData,
  'auth.company.marked-for-deletion': z.object({ trialEndedAt: z.string().nullable(), markedAt: z.string() }),
  /** The admin closed the account (issue 26): nobody signs in; each service removes the data once kept long enough. */
  'auth.company.closed': z.object({ closedAt: z.iso.datetime({ offset: true }) }),
  'auth.user.created': userData,
  /**
   * The admin invited a fiduciary by e-mail (issue 26): billing mails the link
   * `<PUBLIC_URL>/einladung?token=<token>` in the company's language. No token in the event: billing
   * asks auth for it at send time (`rpc.auth.invitation-link`); auth keeps only its hash.
   */
  'auth.user.invited': z.object({
    invitationId: z.uuid(),
    email: z.string(),
    companyName: z.string(),
    inviterName: z.string(),
    language: z.enum(LANGUAGES),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  'auth.user.updated': userData,
  'auth.user.deactivated': z.object({ userId: z.uuid() }),
  'auth.user.deleted': z.object({ userId: z.uuid(), anonymizedName: z.string() }),
  /** Logout, password change or deactivation: access tokens issued before `validAfter` are refused. */
  'auth.user.sessions-revoked': z.object({ userId: z.uuid(), validAfter: z.iso.datetime({ offset: true }) }),
  /** A change made in a support (super-admin) session: auth records it as «Support» in the audit trail. */
  'operations.support.action-performed': supportActionEventData,
  'operations.customer.created': operationsCustomerData,
  'operations.customer.updated': operationsCustomerData,
  'operations.customer.deleted': z.object({ customerId: z.uuid() }),
  'operations.project.created': operationsProjectData,
  'operations.project.updated': operationsProjectData,
  'operations.project.deleted': z.object({ projectId: z.uuid() }),
  'operations.time-entry.started': operationsTimeEntryData,
  'operations.time-entry.stopped': operationsTimeEntryData,
  'operations.time-entry.created': operationsTimeEntryData,
  'operations.time-entry.updated': operationsTimeEntryData,
  'operations.time-entry.approved': operationsTimeEntryData,
  'operations.time-entry.deleted': z.object({ timeEntryId: z.uuid(), userId: z.uuid(), projectId: z.uuid() }),
  'operations.material.created': operationsMaterialData,
  'operations.material.updated': operationsMaterialData,
  'operations.material.deleted': z.object({ materialId: z.uuid() }),
  'operations.material-usage.created': operationsMaterialUsageData,
  'operations.material-usage.updated': operationsMaterialUsageData,
  'operations.material-usage.approved': operationsMaterialUsageData.extend({
    /** Stock of the material after booking the quantity out. */
    stockQuantityAfter: z.number().nullable(),
  }),
  'operations.material-usage.rejected': operationsMaterialUsageData.extend({ rejectionReason: z.string() }),
  'operations.material-usage.deleted': z.object({ usageId: z.uuid(), projectId: z.uuid(), userId: z.uuid() }),
  /** A change made in a support (super-admin) session: auth records it as «Support» in the audit trail. */
  'billing.support.action-performed': supportActionEventData,
  /** A fiduciary downloaded an export (issue 26): auth's audit trail shows it to the admin. */
  'billing.accountant.export-downloaded': accountantExportEventData,
  'billing.quote.created': billingQuoteData,
  'billing.quote.updated': billingQuoteData,
  'billing.quote.sent': billingQuoteData.extend({ sentTo: z.string() }),
  'billing.quote.accepted': billingQuoteData.extend({ acceptedByName: z.string(), acceptedByEmail: z.string() }),
  'billing.quote.rejected': billingQuoteData.extend({ rejectionReason: z.string().nullable() }),
  'billing.quote.expired': billingQuoteData,
  'billing.quote.deleted': z.object({ quoteId: z.uuid(), quoteNumber: z.string() }),
  'billing.invoice.created': billingInvoiceData,
  'billing.invoice.sent': billingInvoiceData.extend({ sentTo: z.string() }),
  'billing.invoice.paid': billingInvoiceData.extend({ paidAmount: z.number() }),
  'billing.invoice.overdue': billingInvoiceData,
  'billing.invoice.reminder-sent': billingInvoiceData.extend({
    level: z.number().int().min(1).max(4),
    reminderName: z.string(),
    /** Open amount + fees + interest, rounded to 5 Rappen. */
    totalDue: z.number(),
    automatic: z.boolean(),
  }),
  /** A report was signed (link or device); carries the snapshot an invoice needs (reports.ts). */
  'billing.report.signed': billingReportSignedDataSchema,
  /** An accepted quote asks operations for a project (created once per quote). */
  'billing.quote.project-requested': z.object({
    quoteId: z.uuid(),
    quoteNumber: z.string(),
    customerId: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    requestedBy: z.uuid(),
  }),
  'operations.assignment.created': operationsAssignmentData,
  'operations.assignment.updated': operationsAssignmentData,
  'operations.assignment.deleted': z.object({
    assignmentId: z.uuid(),
    userId: z.uuid(),
    projectId: z.uuid(),
    workDate: z.string(),
  }),
  'operations.expense.created': operationsExpenseData,
  'operations.expense.updated': operationsExpenseData,
  'operations.expense.approved': operationsExpenseData,
  'operations.expense.rejected': operationsExpenseData.extend({ rejectionReason: z.string() }),
  'operations.expense.deleted': z.object({ expenseId: z.uuid(), userId: z.uuid(), projectId: z.uuid().nullable() }),
} as const;

export type EventType = keyof typeof eventDataSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>;
export const EVENT_TYPES = Object.keys(eventDataSchemas) as EventType[];
