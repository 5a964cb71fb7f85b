import { registerTranslations } from '@zunft/web-common';
import { de } from './de';
import { fr } from './fr';
import { it } from './it';

export const TIME_NS = 'time';

let registered = false;

/** Adds the 'time' namespace to the shared i18next instance (idempotent). */
export function registerTimeTranslations(): void {
  if (registered) return;
  registerTranslations(TIME_NS, { de, fr, it });
  registered = true;
}
