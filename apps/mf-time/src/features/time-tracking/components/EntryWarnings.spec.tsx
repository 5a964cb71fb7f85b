import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { TimeEntryDto, TimeEntryWorkingTimeFields } from '@zunft/contracts';
import { EntryWarnings } from './EntryWarnings';
import { aRunningEntry } from './testData';

describe('EntryWarnings (issue 24: ArG warnings on the day)', () => {
  it('shows every warning the server sent for the entry', () => {
    const entry: TimeEntryDto & TimeEntryWorkingTimeFields = {
      ...aRunningEntry({ status: 'completed', total_minutes: 810 }),
      night_minutes: 0,
      sunday_minutes: 0,
      holiday_minutes: 0,
      warnings: [
        { rule: 'break', message: 'Pause zu kurz: über 9 Stunden Arbeit verlangen 60 Minuten Pause (ArG Art. 15)' },
        { rule: 'daily_rest', message: 'Tägliche Ruhezeit unter 11 Stunden (ArG Art. 15a)' },
      ],
    };
    render(<EntryWarnings entry={entry} />);
    expect(screen.getByText(/Pause zu kurz: über 9 Stunden/)).toBeTruthy();
    expect(screen.getByText(/Tägliche Ruhezeit unter 11 Stunden/)).toBeTruthy();
  });

  it('renders nothing without warnings (also from a server that sends none)', () => {
    const { container } = render(<EntryWarnings entry={aRunningEntry()} />);
    expect(container.textContent).toBe('');
  });
});
