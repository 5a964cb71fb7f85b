// Issue 28: the dashboard's SVG bar chart — named for screen readers, the same figures as a table
// on request, in the UI language; the hours chart keeps five projects and sums the rest.
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '@zunft/web-common';
import { ensureShellLanguage } from '../../../i18n/shell-i18n';
import { BarChart } from './BarChart';
import { hoursSeries } from './useCharts';

afterEach(() => {
  cleanup();
  setLanguage('de');
});

const chart = (
  <BarChart
    title="Verrechnet und bezahlt pro Monat"
    categories={['Jan', 'Feb']}
    series={[
      { name: 'Verrechnet', values: [1081, 0], color: '#1f5fae' },
      { name: 'Bezahlt', values: [300, 781], color: '#389e0d' },
    ]}
    format={(v) => `CHF ${v.toFixed(2)}`}
  />
);

describe('BarChart', () => {
  it('draws one bar per value above 0 and names the chart', () => {
    const { container } = render(chart);
    expect(screen.getByRole('img', { name: 'Verrechnet und bezahlt pro Monat' })).toBeTruthy();
    expect(container.querySelectorAll('rect')).toHaveLength(3);
    expect(container.querySelector('rect title')?.textContent).toBe('Jan · Verrechnet: CHF 1081.00');
  });

  it('shows the figures as a table and back', () => {
    render(chart);
    fireEvent.click(screen.getByRole('button', { name: 'Als Tabelle anzeigen' }));
    const table = screen.getByRole('table', { name: 'Verrechnet und bezahlt pro Monat' });
    expect(table.textContent).toContain('FebCHF 0.00CHF 781.00');
    fireEvent.click(screen.getByRole('button', { name: 'Als Diagramm anzeigen' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it.each([
    ['fr', 'Afficher en tableau'],
    ['it', 'Mostra come tabella'],
  ] as const)('%s: its button in the UI language', async (language, label) => {
    await act(async () => {
      setLanguage(language);
      await ensureShellLanguage(language);
    });
    render(chart);
    expect(screen.getByRole('button', { name: label })).toBeTruthy();
  });

  it('hours: the five biggest projects, the rest summed as one', () => {
    const projects = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ project_id: `p${n}`, title: `P${n}`, hours: [n, 0.5] }));
    const series = hoursSeries({ weeks: ['2026-11-16', '2026-11-23'], projects }, 'Übrige Projekte');
    expect(series.map((s) => s.name)).toEqual(['P7', 'P6', 'P5', 'P4', 'P3', 'Übrige Projekte']);
    expect(series.at(-1)!.values).toEqual([3, 1]); // P1 + P2: 1 + 2 h, 0.5 + 0.5 h
  });
});
