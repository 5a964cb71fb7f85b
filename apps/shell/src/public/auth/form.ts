import { ApiError } from '@zunft/web-common';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** First German message per top-level field of a failed zod parse (schemas come from @zunft/contracts). */
export function fieldErrors<K extends string>(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/**
 * The same errors in the UI language: each German schema message through the server's catalogue
 * (`translateValidationMessage` of @zunft/contracts, passed in so the caller decides how it is loaded).
 */
export async function translateFieldErrors<K extends string>(
  errors: FieldErrors<K>,
  translate: (text: string) => Promise<string>,
): Promise<FieldErrors<K>> {
  const entries = await Promise.all(
    (Object.entries(errors) as [K, string][]).map(async ([key, text]) => [key, await translate(text)] as const),
  );
  return Object.fromEntries(entries) as FieldErrors<K>;
}

/** Spec §8: the server's `error` field, else the German fallback (transport errors keep their own text). */
export function submitErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (typeof error.body?.error === 'string' && error.body.error) return error.body.error;
    if (error.code === 'timeout' || error.code === 'network') return error.message;
  }
  return fallback;
}
