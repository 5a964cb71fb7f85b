import type { PublicReportDto, ReportSignatureRequest, ReportSignedResponse } from '@zunft/contracts';
import { publicCall } from '../../../shared/publicApi';
import { SLOW_CALL } from '../../../shared/slowCall';

/** The public calls of /signature/:token (part 2 §7; no login, plain fetch: shared/publicApi.ts). */
const base = (token: string) => `/api/signature/${encodeURIComponent(token)}`;

/** The server's URLs are /api-relative (`/api/signature/<token>/…`); a bare path gets the prefix. */
export function publicUrl(url: string): string {
  return url.startsWith('/api/') || /^https?:\/\//.test(url) ? url : `/api${url.startsWith('/') ? '' : '/'}${url}`;
}

export const signatureApi = {
  get: (token: string) => publicCall<PublicReportDto>('GET', base(token)),
  /** Renders and seals the PDF on the server: more time than a plain call. */
  sign: (token: string, body: ReportSignatureRequest) =>
    publicCall<ReportSignedResponse>('POST', base(token), body, SLOW_CALL.timeoutMs),
};
