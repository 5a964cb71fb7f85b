import type { FormRule } from 'antd';
import { translateValidationMessage } from '@zunft/contracts';

/** What antd needs of a zod schema: safeParse with German issue messages (libs/contracts). */
export interface ParsesWithIssues {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * The page's UI language. web-common keeps `<html lang>` equal to i18next's language (setLanguage
 * and every languageChanged); ui-kit may not import web-common, so it reads the attribute.
 */
export function pageLanguage(): string {
  return typeof document === 'undefined' ? 'de' : document.documentElement.lang || 'de';
}

/**
 * An antd form rule that validates one field with the field's schema from @zunft/contracts, so the
 * form shows exactly the server's message (rule 2: shapes and messages are defined once): German
 * as the schema says it, French or Italian through the server's message catalogue, as the server
 * translates the same zod message (the catalogue is loaded on the first fr/it error only).
 */
export function zodRule(schema: ParsesWithIssues): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === undefined ? undefined : value);
      if (!result.success) {
        const message = result.error.issues[0]?.message ?? 'Ungültige Eingabe';
        throw new Error(await translateValidationMessage(message, pageLanguage()));
      }
    },
  };
}
