import { registerTranslations } from '@zunft/web-common';
import { de } from './de';
import { fr } from './fr';
import { it } from './it';

export const BILLING_NS = 'billing';

let registered = false;

/** Adds the 'billing' namespace to the shared i18next instance (idempotent). */
export function registerBillingTranslations(): void {
  if (registered) return;
  registerTranslations(BILLING_NS, { de, fr, it });
  registered = true;
}
