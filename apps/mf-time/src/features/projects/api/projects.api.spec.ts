import { describe, expect, it } from '@jest/globals';
import { projectsQueryString } from './projects.api';

describe('projectsQueryString', () => {
  it('sends the trimmed search and the status only when given, always page and pageSize', () => {
    expect(projectsQueryString({ search: '  Dach ', status: 'in_progress', page: 1, pageSize: 20 })).toBe(
      'search=Dach&status=in_progress&page=1&pageSize=20',
    );
    expect(projectsQueryString({ search: ' ', status: null, page: 2, pageSize: 20 })).toBe('page=2&pageSize=20');
  });
});
