import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Part 1 §2 / part 2 §2: /settings?tab=general|payments|system|billing|account; issue 25: support. */
export const SETTINGS_TABS = ['general', 'payments', 'system', 'billing', 'account', 'support'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** System and billing are admin only (part 2 §6); so is the audit trail of support access (issue 25). */
export const ADMIN_ONLY_TABS: ReadonlySet<SettingsTab> = new Set(['system', 'billing', 'support']);

export function parseSettingsTab(value: string | null): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? '') ? (value as SettingsTab) : 'general';
}

/** The active tab lives in the URL: reading it from ?tab=, switching tabs rewrites ?tab=. */
export function useSettingsTab(): [SettingsTab, (tab: SettingsTab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseSettingsTab(searchParams.get('tab'));
  const setTab = useCallback(
    (next: SettingsTab) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('tab', next);
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return [tab, setTab];
}
