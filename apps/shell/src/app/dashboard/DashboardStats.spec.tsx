import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import type { DashboardStatsResponse } from '@zunft/contracts';
import '../../i18n/shell-i18n';
import { ActivityCard } from './DashboardStats';
import { activePercent } from './useDashboard';

const stats = (recentActivity: DashboardStatsResponse['recentActivity']): DashboardStatsResponse => ({
  projects: { total_projects: 4, active_projects: 3, assigned_projects: 0 },
  timeTracking: { total_hours: 12.5, total_entries: 3 },
  customers: { total_customers: 2, new_this_month: 1 },
  recentActivity,
});
const loaded = (data: DashboardStatsResponse) => ({ data, isPending: false, isError: false, error: null });

describe('dashboard activity (part 1 §2)', () => {
  afterEach(cleanup);

  it('shows the Live badge and the empty state Keine Aktivitäten', () => {
    render(<ActivityCard query={loaded(stats([]))} />);
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.getByText('Keine Aktivitäten')).toBeTruthy();
  });

  it('lists description, user name and time', () => {
    render(
      <ActivityCard
        query={loaded(
          stats([
            {
              id: 'a1',
              type: 'customer_added',
              description: 'Kunde «Muster AG» erstellt',
              user_name: 'Anna Muster',
              created_at: '2026-03-02T09:15:00',
            },
          ]),
        )}
      />,
    );
    expect(screen.getByText('Kunde «Muster AG» erstellt')).toBeTruthy();
    expect(screen.getByText('Anna Muster · 02.03.2026 09:15')).toBeTruthy();
  });

  it('computes the share of active projects', () => {
    expect(activePercent(4, 3)).toBe(75);
    expect(activePercent(0, 0)).toBe(0);
  });
});
