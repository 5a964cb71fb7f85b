import type { FormRule } from 'antd';

/** What antd needs of a zod schema: safeParse with German issue messages (libs/contracts). */
export interface ParsesWithIssues {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * An antd form rule that validates one field with the field's schema from @zunft/contracts, so the
 * form shows exactly the server's German message (rule 2: shapes and messages are defined once).
 */
export function zodRule(schema: ParsesWithIssues): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === undefined ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Ungültige Eingabe');
    },
  };
}
