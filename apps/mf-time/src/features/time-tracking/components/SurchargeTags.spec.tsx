import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { SurchargeTags } from './SurchargeTags';
import { aRunningEntry } from './testData';

const completed = (fields: Partial<Parameters<typeof aRunningEntry>[0]>) =>
  aRunningEntry({ status: 'completed', total_minutes: 240, ...fields });

describe('SurchargeTags (issue 24: the list shows what the report bills)', () => {
  it('precise mode: the minutes per ArG window, not the whole-entry percent', () => {
    // 21:00–01:00 on a Saturday into Sunday with night from 23:00: 120 night minutes, of which the
    // 60 after midnight are Sunday minutes too.
    const entry = { ...completed({ surcharge_total: 25 }), night_minutes: 120, sunday_minutes: 60, holiday_minutes: 0 };
    const { container } = render(<SurchargeTags entry={entry} />);
    expect(container.textContent).toBe('Nacht 120 Min.Sonntag 60 Min.');
  });

  it('a holiday window alone', () => {
    const entry = { ...completed({}), night_minutes: 0, sunday_minutes: 0, holiday_minutes: 480 };
    const { container } = render(<SurchargeTags entry={entry} />);
    expect(container.textContent).toBe('Feiertag 480 Min.');
  });

  it('start-day mode: the percent; no surcharge: the placeholder', () => {
    const withPercent = {
      ...completed({ surcharge_total: 25 }),
      night_minutes: 0,
      sunday_minutes: 0,
      holiday_minutes: 0,
    };
    expect(render(<SurchargeTags entry={withPercent} />).container.textContent).toBe('+25 %');
    expect(render(<SurchargeTags entry={completed({ surcharge_total: 0 })} empty="–" />).container.textContent).toBe(
      '–',
    );
  });
});
