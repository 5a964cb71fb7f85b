/**
 * The checks of a report signature (part 2 §5), shared by the public page (/signature/:token) and
 * the signature modal on the office's device. Name and e-mail are trimmed; each failed check
 * answers the key of its exact German text (signature.*).
 */
export interface SignatureInput {
  name: string;
  email: string;
  hasInk: boolean;
  consent: boolean;
}

export type SignatureField = 'name' | 'email' | 'signature' | 'consent';
export type SignatureErrors = Partial<Record<SignatureField, string>>;

/** Field order: the first failing one gets the focus. */
export const SIGNATURE_FIELDS: readonly SignatureField[] = ['name', 'email', 'signature', 'consent'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `ns`: the key group of the texts — 'signature' (report) or 'acceptance' (quote acceptance page,
 * same checks, its own wording in fr/it).
 */
export function validateSignature(
  input: SignatureInput,
  ns: 'signature' | 'acceptance' = 'signature',
): SignatureErrors {
  const errors: SignatureErrors = {};
  if (!input.name.trim()) errors.name = `${ns}.nameRequired`;
  const email = input.email.trim();
  if (!email) errors.email = `${ns}.emailRequired`;
  else if (!EMAIL.test(email)) errors.email = `${ns}.emailInvalid`;
  if (!input.hasInk) errors.signature = `${ns}.signatureRequired`;
  if (!input.consent) errors.consent = `${ns}.consentRequired`;
  return errors;
}

/** Part 2 §8, signature submit: 404 'not found or expired', 410 'expired', anything else 'try again'. */
export function signatureSubmitErrorKey(status: number): string {
  if (status === 404) return 'signature.notFound';
  if (status === 410) return 'signature.expired';
  return 'signature.submitError';
}
