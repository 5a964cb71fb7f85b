import type {
  AcceptQuoteRequest,
  PublicQuoteDto,
  QuoteAcceptanceResultResponse,
  RejectQuoteRequest,
} from '@zunft/contracts';
import { publicCall } from '../../../shared/publicApi';

/** A failed call of the acceptance page: status, the server's `code` and German text. */
export { PublicApiError as AcceptanceError } from '../../../shared/publicApi';

/** The public calls of /quote-acceptance/:token (no login, plain fetch: shared/publicApi.ts). */
const base = (token: string) => `/api/quote-acceptance/${encodeURIComponent(token)}`;

export const quoteAcceptanceApi = {
  get: (token: string) => publicCall<PublicQuoteDto>('GET', base(token)),
  accept: (token: string, body: AcceptQuoteRequest) =>
    publicCall<QuoteAcceptanceResultResponse>('POST', `${base(token)}/accept`, body),
  reject: (token: string, body: RejectQuoteRequest) =>
    publicCall<QuoteAcceptanceResultResponse>('POST', `${base(token)}/reject`, body),
};
