import type { Language } from '@zunft/contracts';

/**
 * Values of LIMITS / LANGUAGES in @zunft/contracts that the browser needs on every page.
 * Repeated on purpose: importing a value from contracts would load zod (the whole contracts bundle is
 * one shared module) on the landing page. constants.spec.ts fails when they drift apart.
 */
export const REQUEST_TIMEOUT_MS = 10_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX = 20;
export const UI_LANGUAGES: readonly Language[] = ['de', 'fr', 'it'];
