import { describe, expect, it } from '@jest/globals';
import type { ProjectDto } from '@zunft/contracts';
import { STATUS_COLORS, filterProjects, formatPeriod, toProjectRequest } from './projectHelpers';

const customerId = '6f1c2b9e-8a51-4c39-9d3f-1a2b3c4d5e6f';

function aProject(overrides: Partial<ProjectDto>): ProjectDto {
  return {
    id: 'p1',
    customer_id: customerId,
    customer_name: 'Muster AG',
    customer_city: 'Bern',
    title: 'Badsanierung',
    project_number: 'P-2026-001',
    description: null,
    start_date: null,
    end_date: null,
    budget: null,
    status: 'planned',
    assigned_users: [],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('project helpers', () => {
  it('uses the colours of part 1 §4', () => {
    expect(STATUS_COLORS).toEqual({ planned: 'purple', in_progress: 'gold', completed: 'green', cancelled: 'red' });
  });

  it('searches title, number and customer', () => {
    const list = [
      aProject({ id: 'a' }),
      aProject({ id: 'b', title: 'Dach', customer_name: 'Huber GmbH', project_number: 'X-9' }),
    ];
    expect(filterProjects(list, 'huber').map((p) => p.id)).toEqual(['b']);
    expect(filterProjects(list, 'p-2026').map((p) => p.id)).toEqual(['a']);
  });

  it('formats the period in Swiss style with an open end', () => {
    expect(formatPeriod({ start_date: '2026-03-01', end_date: '2026-04-30' }, 'offen')).toBe('01.03.2026 – 30.04.2026');
    expect(formatPeriod({ start_date: '2026-03-01', end_date: null }, 'offen')).toBe('01.03.2026 – offen');
    expect(formatPeriod({ start_date: null, end_date: null }, 'offen')).toBe('–');
  });

  it('omits empty dates, number and budget on create (part 1 §5)', () => {
    expect(
      toProjectRequest({
        customerId,
        title: ' Dach ',
        projectNumber: '',
        startDate: null,
        budget: '',
        description: ' ',
      }),
    ).toEqual({ customerId, title: 'Dach' });
    expect(toProjectRequest({ customerId, title: 'Dach', budget: '1200.5', startDate: '2026-05-01' })).toEqual({
      customerId,
      title: 'Dach',
      budget: 1200.5,
      startDate: '2026-05-01',
    });
  });

  it('clears emptied fields on edit', () => {
    expect(toProjectRequest({ customerId, title: 'Dach', status: 'completed' }, true)).toEqual({
      customerId,
      title: 'Dach',
      status: 'completed',
      description: null,
      projectNumber: null,
      startDate: null,
      endDate: null,
      budget: null,
    });
  });
});
