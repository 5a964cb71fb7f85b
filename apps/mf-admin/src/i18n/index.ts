import { registerTranslations } from '@zunft/web-common';
import { de } from './de';
import { fr } from './fr';
import { it } from './it';

export const ADMIN_NS = 'admin';

let registered = false;

/** Adds the 'admin' namespace to the shared i18next instance (idempotent). */
export function registerAdminTranslations(): void {
  if (registered) return;
  registerTranslations(ADMIN_NS, { de, fr, it });
  registered = true;
}
