import { z } from 'zod';
import {
  dataExportChunkRequestSchema,
  dataExportChunkSchema,
  dataExportFilesRequestSchema,
  dataExportFilesSchema,
  dataExportRowsRequestSchema,
  dataExportRowsSchema,
  dataExportTablesRequestSchema,
  dataExportTablesSchema,
} from './data-export.js';
import { directoryCustomerSchema, directoryProjectSchema, directoryRecordRequestSchema } from './directory-records.js';
import { emailVerificationLinkRequestSchema, emailVerificationLinkSchema } from './email-verification.js';
import { invitationLinkRequestSchema, invitationLinkSchema } from './memberships.js';
import { materialsOwnedRequestSchema, materialsOwnedSchema } from './material-ownership.js';
import { reportDataRequestSchema, reportDataSchema } from './report-data.js';
import {
  billingUserDependenciesSchema,
  operationsUserDependenciesSchema,
  userDependenciesRequestSchema,
} from './user-dependencies.js';

/*
 * Request/reply between services over core NATS (not JetStream): a caller asks, one replica of the
 * owning service answers, nothing is stored. Subjects are `rpc.<owner>.<name>`, a namespace of its
 * own, so they never fall into the event stream (`auth.>`, `operations.>`, `billing.>`).
 * Every reply is an envelope: `{ ok: true, data }` or `{ ok: false, error: { code, message } }`.
 */

/**
 * `rpc.auth.company-name` (operations → auth, issue 24): the company's name for the employer line of
 * the ArGV 1 art. 73 record, asked once for a company registered before operations copied the name
 * from `auth.company.registered` / `auth.company.profile-updated`; operations stores the answer.
 */
export const companyNameRequestSchema = z.object({ companyId: z.uuid() });
export const companyNameSchema = z.object({ name: z.string() });

/** Request and reply-data schema per subject. Responders and callers use these (see nest-common `RpcClient`). */
export const rpcContracts = {
  'rpc.operations.report-data': { request: reportDataRequestSchema, reply: reportDataSchema },
  'rpc.operations.user-dependencies': {
    request: userDependenciesRequestSchema,
    reply: operationsUserDependenciesSchema,
  },
  'rpc.billing.user-dependencies': { request: userDependenciesRequestSchema, reply: billingUserDependenciesSchema },
  'rpc.operations.materials-owned': { request: materialsOwnedRequestSchema, reply: materialsOwnedSchema },
  'rpc.operations.customer': { request: directoryRecordRequestSchema, reply: directoryCustomerSchema },
  'rpc.operations.project': { request: directoryRecordRequestSchema, reply: directoryProjectSchema },
  'rpc.auth.email-verification-link': {
    request: emailVerificationLinkRequestSchema,
    reply: emailVerificationLinkSchema,
  },
  'rpc.auth.company-name': { request: companyNameRequestSchema, reply: companyNameSchema },
  'rpc.auth.invitation-link': { request: invitationLinkRequestSchema, reply: invitationLinkSchema },
  // «Alle Daten exportieren» (issue 26): operations' and auth's part of the ZIP, page by page
  'rpc.operations.data-export-tables': { request: dataExportTablesRequestSchema, reply: dataExportTablesSchema },
  'rpc.operations.data-export-rows': { request: dataExportRowsRequestSchema, reply: dataExportRowsSchema },
  'rpc.operations.data-export-files': { request: dataExportFilesRequestSchema, reply: dataExportFilesSchema },
  'rpc.operations.data-export-chunk': { request: dataExportChunkRequestSchema, reply: dataExportChunkSchema },
  'rpc.auth.data-export-tables': { request: dataExportTablesRequestSchema, reply: dataExportTablesSchema },
  'rpc.auth.data-export-rows': { request: dataExportRowsRequestSchema, reply: dataExportRowsSchema },
  'rpc.auth.data-export-files': { request: dataExportFilesRequestSchema, reply: dataExportFilesSchema },
  'rpc.auth.data-export-chunk': { request: dataExportChunkRequestSchema, reply: dataExportChunkSchema },
} as const;

export type RpcSubject = keyof typeof rpcContracts;
export const RPC_SUBJECTS = Object.keys(rpcContracts) as RpcSubject[];
/** What a caller sends (before the responder's parsing). */
export type RpcRequest<S extends RpcSubject> = z.input<(typeof rpcContracts)[S]['request']>;
/** What a responder's handler receives (parsed). */
export type RpcParsedRequest<S extends RpcSubject> = z.output<(typeof rpcContracts)[S]['request']>;
/** The `data` of an ok reply. */
export type RpcReplyData<S extends RpcSubject> = z.output<(typeof rpcContracts)[S]['reply']>;

/**
 * Error codes of an `ok: false` reply. `bad_request`: the request did not match the schema;
 * `not_found`: the addressed record does not exist in the company; `internal`: the responder failed.
 */
export const RPC_ERROR_CODES = ['bad_request', 'not_found', 'internal'] as const;
export type RpcErrorCode = (typeof RPC_ERROR_CODES)[number];

export const rpcErrorSchema = z.object({ code: z.string().min(1), message: z.string() });
export type RpcErrorBody = z.infer<typeof rpcErrorSchema>;

/** The reply envelope around a subject's data schema. */
export function rpcReplySchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: rpcErrorSchema }),
  ]);
}
export type RpcReply<T> = { ok: true; data: T } | { ok: false; error: RpcErrorBody };

export const RPC_MESSAGES = {
  /** No replica answered in time, or none is running: callers answer 503 with this text. */
  unavailable: 'Der Dienst antwortet nicht. Bitte später erneut versuchen.',
  invalidReply: 'Der Dienst hat eine ungültige Antwort gesendet. Bitte später erneut versuchen.',
  invalidJson: 'Ungültige Anfrage: kein gültiges JSON',
  internal: 'Interner Serverfehler',
} as const;
