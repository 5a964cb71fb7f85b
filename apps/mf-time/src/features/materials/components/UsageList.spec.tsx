import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import type { MaterialUsageDto } from '@zunft/contracts';
import { aUsage } from '../../../test/materials';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { PROJECT_SELECT_PAGE_SIZE, projectsKeys } from '../../projects/api/useProjects';
import type { UsageFilter } from '../api/materials.api';
import { NO_USAGE_FILTER } from '../api/useMaterials';
import { UsageList } from './UsageList';

/** The usage list on the list kit (issue 28), rendered alone: the screen's queries are not its concern. */
function renderList(
  entries: MaterialUsageDto[],
  { total = entries.length, loading = false, error = null as unknown, filter = NO_USAGE_FILTER as UsageFilter } = {},
) {
  const onFilter = jest.fn<(filter: UsageFilter) => void>();
  const onRetry = jest.fn<() => void>();
  const client = testQueryClient();
  client.setQueryData(projectsKeys.page({ search: '', status: null, page: 1, pageSize: PROJECT_SELECT_PAGE_SIZE }), {
    items: [],
    total: 0,
    page: 1,
    pageSize: PROJECT_SELECT_PAGE_SIZE,
    nextCursor: null,
  });
  renderWithProviders(
    <UsageList
      entries={entries}
      total={total}
      loading={loading}
      error={error}
      onRetry={onRetry}
      filter={filter}
      onFilter={onFilter}
      userId={null}
      isBackoffice
      approvingId={null}
      onApprove={() => undefined}
      onReject={() => undefined}
      onEdit={() => undefined}
      onDelete={async () => undefined}
    />,
    { client },
  );
  return { onFilter, onRetry };
}

afterEach(() => {
  delete (globalThis as { __testWidth?: number }).__testWidth;
});

describe('UsageList', () => {
  it('on a phone: one card per entry with amount and actions, and the simple pager asks the server for page 2', () => {
    (globalThis as { __testWidth?: number }).__testWidth = 390;
    const entries = [
      aUsage({ id: 'u1', material_name: 'Kupferrohr 15 mm', status: 'pending' }),
      aUsage({ id: 'u2', material_name: 'Silikon weiss', status: 'approved' }),
    ];
    const { onFilter } = renderList(entries, { total: 51 });
    const cards = within(screen.getByRole('list', { name: 'Verbrauch' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('Kupferrohr 15 mm');
    expect(cards[0]!.textContent).toContain('CHF 10.88');
    expect(within(cards[0]!).getByRole('button', { name: 'Genehmigen' })).toBeTruthy();
    expect(within(cards[1]!).queryByRole('button', { name: 'Genehmigen' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('51 Einträge')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-pagination-simple .ant-pagination-next')!);
    expect(onFilter).toHaveBeenCalledWith({ ...NO_USAGE_FILTER, page: 2 });
  });

  it('on a desktop: the table, and no pager for 50 entries or fewer', () => {
    renderList([aUsage({ id: 'u1', material_name: 'Kupferrohr 15 mm' })], { total: 50 });
    expect(within(screen.getByRole('table')).getByText('Kupferrohr 15 mm')).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('a failed load: the error with its retry, and no count', () => {
    const { onRetry } = renderList([], { error: new Error('offline') });
    const retry = screen.getByRole('button', { name: 'Erneut versuchen' });
    expect(retry.closest('[role="alert"]')?.textContent).toContain('Fehler beim Laden des Materialverbrauchs');
    fireEvent.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('0 Einträge')).toBeNull();
  });

  it('loading: the skeleton', () => {
    renderList([], { loading: true });
    expect(screen.getByTestId('list-loading')).toBeTruthy();
  });

  it('no entries: the empty state with its hint', () => {
    renderList([]);
    expect(screen.getByText('Kein Materialverbrauch')).toBeTruthy();
    expect(screen.getByText('Erfassen Sie, welches Material auf einem Projekt verbraucht wurde.')).toBeTruthy();
  });
});
