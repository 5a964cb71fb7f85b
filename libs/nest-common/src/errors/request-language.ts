import { resolveMessageLanguage, type Language } from '@zunft/contracts';

/** Where a public page puts its customer's language on the request (read by the exception filter). */
const DOCUMENT_LANGUAGE = Symbol.for('zunft.documentLanguage');

interface LanguageRequest {
  headers?: Record<string, string | string[] | undefined>;
  user?: { language?: unknown; lang?: unknown; companyLanguage?: unknown } | null;
  [DOCUMENT_LANGUAGE]?: Language;
}

/**
 * Public token pages (quote acceptance, Rapport signature) answer in the customer's language: an
 * interceptor that knows the document sets it before the body is validated.
 */
export function setRequestLanguage(request: object, language: Language | null | undefined): void {
  if (language) (request as LanguageRequest)[DOCUMENT_LANGUAGE] = language;
}

/**
 * The language of the answer to a request: the customer's (public pages), else the signed-in user's
 * (`language` or `lang` claim of the verified token), else the company's (`companyLanguage` claim),
 * else `Accept-Language` (de/fr/it, q-values), else German.
 */
export function requestLanguage(request: unknown): Language {
  const req = (request ?? {}) as LanguageRequest;
  const user = req.user ?? undefined;
  return resolveMessageLanguage({
    documentLanguage: req[DOCUMENT_LANGUAGE],
    userLanguage: user?.language ?? user?.lang,
    companyLanguage: user?.companyLanguage,
    acceptLanguage: req.headers?.['accept-language'],
  });
}
