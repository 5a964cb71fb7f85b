import { z } from 'zod';

/**
 * The audit trail of support access (issue 25): every super-admin («Support») session in a company,
 * from its start to its end, and every change made in it, in any service. Auth keeps it
 * (`audit_log`); operations and billing report their changes with `<service>.support.action-performed`.
 * The company's admin reads it (GET /audit-log).
 */
export const AUDIT_ACTIONS = [
  'support.session-started',
  'support.session-ended',
  'support.change',
  /** A fiduciary (role accountant, issue 26) signed in to the company: their read access is logged. */
  'accountant.session-started',
  /** A fiduciary switched into the company from another one (issue 26: one Treuhänder, several companies). */
  'accountant.company-switched',
  /** A fiduciary downloaded an export (journal file, open items as CSV or PDF): billing's event. */
  'accountant.export',
] as const;
/** Who acted: the Zunft support (super-admin session) or the company's accountant (Treuhänder). */
export const AUDIT_ACTORS = ['support', 'accountant'] as const;
export type AuditActor = (typeof AUDIT_ACTORS)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_SERVICES = ['auth', 'operations', 'billing'] as const;
export type AuditService = (typeof AUDIT_SERVICES)[number];

/** Event data of `operations.support.action-performed` / `billing.support.action-performed`. */
export const supportActionEventData = z.object({
  /** The admin whose account the support session uses. */
  userId: z.uuid(),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  /** The request path as called (ids of the company's own records), without the query. */
  path: z.string().max(500),
  status: z.number().int(),
  requestId: z.string().nullable(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type SupportActionEventData = z.infer<typeof supportActionEventData>;

/** What a fiduciary exported (issue 26: the admin sees which books left the company, and when). */
export const ACCOUNTANT_EXPORTS = ['journal', 'open-items'] as const;
/** Event data of `billing.accountant.export-downloaded`. */
export const accountantExportEventData = z.object({
  /** The accountant's account in the company. */
  userId: z.uuid(),
  export: z.enum(ACCOUNTANT_EXPORTS),
  /** The file's format (csv, banana, bexio, abacus, pdf). */
  format: z.string().max(20),
  /** The request path as called, without the query. */
  path: z.string().max(500),
  requestId: z.string().nullable(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type AccountantExportEventData = z.infer<typeof accountantExportEventData>;

const LIMIT_MESSAGE = 'Anzahl muss zwischen 1 und 200 liegen';
/** GET /audit-log: newest first, `limit` (1–200, default 50) entries before `before` (ISO time). */
export const auditLogQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(200, { error: LIMIT_MESSAGE })
    .default(50),
  before: z.iso.datetime({ offset: true, error: 'Ungültiger Zeitpunkt (ISO 8601 erwartet)' }).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export interface AuditEntryDto {
  id: string;
  occurredAt: string;
  /** Who acted: «Support» (the super-admin session, not the admin in person) or the accountant (issue 26). */
  actor: AuditActor;
  action: AuditAction;
  service: AuditService;
  /** For changes: HTTP method, path and answer status. */
  method: string | null;
  path: string | null;
  status: number | null;
  /** The admin account the session used. */
  userId: string | null;
  /** Session start: when it ends at the latest (8 h). */
  expiresAt: string | null;
  requestId: string | null;
}

export interface AuditLogResponse {
  entries: AuditEntryDto[];
  /** More entries older than the last one (ask again with `before` = its `occurredAt`). */
  hasMore: boolean;
}

/** The answer of GET /audit-log as a schema (OpenAPI document). */
export const auditLogResponseSchema = z.object({
  entries: z.array(
    z.object({
      id: z.uuid(),
      occurredAt: z.iso.datetime({ offset: true }),
      actor: z.enum(AUDIT_ACTORS),
      action: z.enum(AUDIT_ACTIONS),
      service: z.enum(AUDIT_SERVICES),
      method: z.string().nullable(),
      path: z.string().nullable(),
      status: z.number().int().nullable(),
      userId: z.uuid().nullable(),
      expiresAt: z.iso.datetime({ offset: true }).nullable(),
      requestId: z.string().nullable(),
    }),
  ),
  hasMore: z.boolean(),
}) satisfies z.ZodType<AuditLogResponse>;
