// Issue 28: a French or Italian user meets no German on the dashboard: the cards, the activity feed
// (told by the server in the user's language: the lines here are the catalogue's, as the API answers
// them) and the refresh toasts. Every German dashboard text of the shell must be absent.
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, cleanup, render } from '@testing-library/react';
import { translateServerMessage, type DashboardStatsResponse, type UserStatsResponse } from '@zunft/contracts';
import { i18n, setLanguage } from '@zunft/web-common';
import { de } from '../../i18n/de';
import { ensureShellLanguage } from '../../i18n/shell-i18n';
import { ActivityCard, MyStatsCard, StatCards } from './DashboardStats';

// jsdom has no matchMedia; antd's grid asks it for the screen width (a desktop here).
beforeAll(() => {
  window.matchMedia ??= ((media: string) => ({
    matches: false,
    media,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  cleanup();
  setLanguage('de');
});

/**
 * Every German text of the dashboard a French/Italian page must not show (those the language writes
 * the same, like «Live» in Italian, left out), and the German words of the feed's sentences.
 */
function germanTexts(): string[] {
  const flat = (o: object, path: string): [string, string][] =>
    Object.entries(o).flatMap(([k, v]): [string, string][] =>
      typeof v === 'string' ? [[`${path}.${k}`, v]] : flat(v as object, `${path}.${k}`),
    );
  const strip = (text: string) => text.replace(/\{\{\w+\}\}/g, '').trim();
  return [
    ...flat(de.dashboard, 'dashboard')
      .filter(
        ([key, text]) => strip(i18n.t(`shell:${key}`, { count: 1, percent: 1, name: '', date: '' })) !== strip(text),
      )
      .map(([, text]) => strip(text)),
    'Kunde',
    'hinzugefügt',
    'erfasst',
    'erstellt',
    'bezahlt',
    'Rechnung',
    'Mahnung',
    'Einsatz geplant',
  ].filter((text) => text.length > 3 && !/^[+\d\s%]*$/.test(text));
}

const loaded = <T,>(data: T) => ({ data, isPending: false, isError: false, error: null });

function stats(language: 'fr' | 'it'): DashboardStatsResponse {
  const line = (id: string, key: Parameters<typeof translateServerMessage>[0], params: Record<string, string>) => ({
    id,
    type: 'other' as const,
    description: translateServerMessage(key, language, params),
    user_name: 'Anne Dubois',
    created_at: '2026-03-02T09:15:00',
  });
  return {
    projects: { total_projects: 4, active_projects: 3, assigned_projects: 2 },
    timeTracking: { total_hours: 12.5, total_entries: 3 },
    customers: { total_customers: 2, new_this_month: 1 },
    recentActivity: [
      line('a1', 'activity.customer_added', { name: 'Dubois SA' }),
      line('a2', 'activity.time_logged', { hours: '1.5', project: 'Cuisine' }),
      line('a3', 'activity.invoice_paid', { invoiceNumber: 'R-2026-0001', amount: 'CHF 1’250.00' }),
      line('a4', 'activity.reminder_sent', {
        reminder: '1. Mahnung',
        invoiceNumber: 'R-2026-0002',
        amount: 'CHF 30.00',
      }),
    ],
  };
}
const own: UserStatsResponse = {
  totalHours: 4,
  projectsCount: 2,
  reportsCount: 0,
  timeEntriesCount: 3,
  recentActivity: [],
};

describe.each(['fr', 'it'] as const)('dashboard in %s (issue 28)', (language) => {
  it('shows no German: cards, activity feed, own numbers and the refresh toasts', async () => {
    await act(async () => {
      setLanguage(language);
      await ensureShellLanguage(language);
    });
    const { container } = render(
      <>
        <StatCards query={loaded(stats(language))} />
        <ActivityCard query={loaded(stats(language))} />
        <MyStatsCard query={loaded(own)} />
      </>,
    );
    const shown = [
      container.textContent ?? '',
      i18n.t('shell:dashboard.refreshed'),
      i18n.t('shell:dashboard.refreshFailed'),
    ].join('\n');
    expect(shown).toContain(language === 'fr' ? 'Client «Dubois SA» ajouté' : 'Cliente «Dubois SA» aggiunto');
    expect(shown).toContain(language === 'fr' ? '1er rappel pour la facture' : '1° sollecito per la fattura');
    expect(germanTexts().filter((text) => shown.includes(text))).toEqual([]);
  });
});
