import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Language } from '@zunft/contracts';
import { currentLanguage, i18n, isLanguage } from '@zunft/web-common';
import { BILLING_NS, registerBillingTranslations } from '../i18n';
import { PublicApiError } from './publicApi';

registerBillingTranslations();

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `t` of the billing namespace in a fixed language (the customer's, not the visitor's UI setting). */
export function translator(language: Language): Translate {
  const fixed = i18n.getFixedT(language, BILLING_NS);
  return (key, options = {}) => String(fixed(key, options));
}

/**
 * The life of a customer's token page: loading, failed, ready (the document is shown with its
 * form) and done (the customer answered; `outcome` is what the answer brought back).
 */
export type PublicPagePhase<T, D> =
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; data: T }
  | { kind: 'done'; data: T; outcome: D };

/**
 * Whether a failed load is final (part 2 §8): 404 (unknown link) and 410 (used or expired) offer
 * no retry; a network error, a timeout or a 5xx does. Decided by the status, never by text.
 */
export function isFinalLoadError(error: unknown): boolean {
  const status = error instanceof PublicApiError ? error.status : 0;
  return status === 404 || status === 410;
}

/**
 * The load/answer state machine shared by the public signature and quote-acceptance pages: loads
 * the document of `token` (again on `retry`), ignores answers of a superseded load, speaks the
 * document's language once it is there (the browser's before), and moves to `done` on `finish`.
 */
export function usePublicTokenPage<T extends { language: string }, D>(
  token: string,
  load: (token: string) => Promise<T>,
) {
  const [phase, setPhase] = useState<PublicPagePhase<T, D>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setPhase({ kind: 'loading' });
    load(token).then(
      (data) => {
        if (!cancelled) setPhase({ kind: 'ready', data });
      },
      (error: unknown) => {
        if (!cancelled) setPhase({ kind: 'failed', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, attempt, load]);

  const data = phase.kind === 'ready' || phase.kind === 'done' ? phase.data : null;
  const language: Language = data && isLanguage(data.language) ? data.language : currentLanguage();
  const t = useMemo(() => translator(language), [language]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const finish = useCallback(
    (outcome: D) =>
      setPhase((current) => (current.kind === 'ready' ? { kind: 'done', data: current.data, outcome } : current)),
    [],
  );

  return { phase, data, language, t, retry, finish };
}
