// The list kit's screen half (issue 28): toolbar, body states, table/cards and both kinds of paging.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import type { ReactElement } from 'react';
import { ListScreen, type ListScreenProps } from './ListScreen';
import { useDebounced, useListControls } from './useListControls';

type Row = { id: string; name: string };
const rows: Row[] = [
  { id: '1', name: 'Muster AG' },
  { id: '2', name: 'Keller GmbH' },
];

const setWidth = (px: number | undefined) => {
  (globalThis as { __testWidth?: number }).__testWidth = px;
};
afterEach(() => setWidth(undefined));

const show = (ui: ReactElement) => render(<StyleProvider mock="server">{ui}</StyleProvider>);

function props(overrides: Partial<ListScreenProps<Row>> = {}): ListScreenProps<Row> {
  return {
    mode: 'list',
    items: rows,
    loading: false,
    empty: <p>Noch keine Kunden</p>,
    emptyFiltered: <p>Keine Treffer</p>,
    table: (items) => (
      <table aria-label="Tabelle">
        {items.map((r) => (
          <tbody key={r.id}>
            <tr>
              <td>{r.name}</td>
            </tr>
          </tbody>
        ))}
      </table>
    ),
    cards: (items) => (
      <ul aria-label="Karten">
        {items.map((r) => (
          <li key={r.id}>{r.name}</li>
        ))}
      </ul>
    ),
    ...overrides,
  };
}

describe('ListScreen', () => {
  it('shows the toolbar: search box with its label, the filters and the view toggle that reports the choice', () => {
    const onSearch = jest.fn();
    const onMode = jest.fn();
    show(
      <ListScreen
        {...props({
          search: { label: 'Kunden durchsuchen…', value: 'Mu', onChange: onSearch },
          filters: <button type="button">Status</button>,
          toggle: { listLabel: 'Liste', cardsLabel: 'Karten', onChange: onMode },
        })}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Kunden durchsuchen…' });
    expect(box).toHaveProperty('value', 'Mu');
    fireEvent.change(box, { target: { value: 'Mus' } });
    expect(onSearch).toHaveBeenCalledWith('Mus');
    expect(screen.getByRole('button', { name: 'Status' })).toBeTruthy();
    fireEvent.click(screen.getByText('Karten'));
    expect(onMode).toHaveBeenCalledWith('cards');
  });

  it('shows the table or the cards as the mode says', () => {
    const { rerender } = show(<ListScreen {...props()} />);
    expect(screen.getByRole('table', { name: 'Tabelle' }).textContent).toBe('Muster AGKeller GmbH');
    expect(screen.queryByRole('list', { name: 'Karten' })).toBeNull();
    rerender(
      <StyleProvider mock="server">
        <ListScreen {...props({ mode: 'cards' })} />
      </StyleProvider>,
    );
    expect(screen.getByRole('list', { name: 'Karten' }).textContent).toBe('Muster AGKeller GmbH');
    expect(screen.queryByRole('table', { name: 'Tabelle' })).toBeNull();
  });

  it('loading: a skeleton and no rows; error: the inline error whose button retries', () => {
    const { rerender } = show(<ListScreen {...props({ loading: true })} />);
    expect(screen.getByTestId('list-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Muster AG')).toBeNull();
    const onRetry = jest.fn();
    rerender(
      <StyleProvider mock="server">
        <ListScreen
          {...props({
            error: {
              title: 'Fehler beim Laden',
              detail: 'Server nicht erreichbar',
              retryLabel: 'Erneut versuchen',
              onRetry,
            },
          })}
        />
      </StyleProvider>,
    );
    expect(screen.getByText('Fehler beim Laden')).toBeTruthy();
    expect(screen.getByText('Server nicht erreichbar')).toBeTruthy();
    expect(screen.queryByText('Muster AG')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('no rows: the first-use empty state, or the filtered one while a search or filter is set', () => {
    const { rerender } = show(<ListScreen {...props({ items: [] })} />);
    expect(screen.getByText('Noch keine Kunden')).toBeTruthy();
    rerender(
      <StyleProvider mock="server">
        <ListScreen {...props({ items: [], filtered: true })} />
      </StyleProvider>,
    );
    expect(screen.getByText('Keine Treffer')).toBeTruthy();
    expect(screen.queryByText('Noch keine Kunden')).toBeNull();
  });

  it('pages by number: only with more than one page; a click asks for that page', () => {
    const onChange = jest.fn();
    const { rerender } = show(
      <ListScreen {...props({ paging: { kind: 'pages', page: 1, pageSize: 20, total: 20, onChange } })} />,
    );
    expect(document.querySelector('.ant-pagination')).toBeNull();
    rerender(
      <StyleProvider mock="server">
        <ListScreen {...props({ paging: { kind: 'pages', page: 1, pageSize: 20, total: 41, onChange } })} />
      </StyleProvider>,
    );
    // 41 rows of 20: three pages
    expect(screen.getByTitle('3')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(onChange).toHaveBeenCalledWith(2, 20);
  });

  it('keyset paging: «Mehr laden» while the server has more, with its test id', () => {
    const onMore = jest.fn();
    const more = { kind: 'more' as const, loading: false, onMore, label: 'Mehr laden', testId: 'more-customers' };
    const { rerender } = show(<ListScreen {...props({ paging: { ...more, hasMore: true } })} />);
    fireEvent.click(screen.getByTestId('more-customers'));
    expect(onMore).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Mehr laden' })).toBeTruthy();
    rerender(
      <StyleProvider mock="server">
        <ListScreen {...props({ paging: { ...more, hasMore: false } })} />
      </StyleProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).toBeNull();
  });
});

describe('useListControls', () => {
  it('cards on a 390 px phone and the table at 1280 px until the user picks a view', () => {
    setWidth(390);
    const phone = renderHook(() => useListControls());
    expect(phone.result.current).toMatchObject({ mode: 'cards', isMobile: true });
    act(() => phone.result.current.setMode('list'));
    expect(phone.result.current.mode).toBe('list');
    setWidth(1280);
    const desktop = renderHook(() => useListControls());
    expect(desktop.result.current).toMatchObject({ mode: 'list', isMobile: false });
  });

  it('a settled search (trimmed) or another filter starts again on page 1', async () => {
    jest.useFakeTimers();
    try {
      const hook = renderHook(({ status }: { status: string }) => useListControls({ status }), {
        initialProps: { status: 'all' },
      });
      act(() => hook.result.current.setPage(3));
      expect(hook.result.current.page).toBe(3);
      act(() => hook.result.current.setSearch(' Muster '));
      expect(hook.result.current.term).toBe('');
      expect(hook.result.current.page).toBe(3);
      await act(async () => {
        jest.advanceTimersByTime(300);
      });
      expect(hook.result.current.term).toBe('Muster');
      expect(hook.result.current.page).toBe(1);
      act(() => hook.result.current.setPage(2));
      hook.rerender({ status: 'paid' });
      expect(hook.result.current.page).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('useDebounced: the value only after it stopped changing for the delay', async () => {
    jest.useFakeTimers();
    try {
      const hook = renderHook(({ v }: { v: string }) => useDebounced(v, 200), { initialProps: { v: 'a' } });
      hook.rerender({ v: 'ab' });
      await act(async () => {
        jest.advanceTimersByTime(150);
      });
      hook.rerender({ v: 'abc' });
      await act(async () => {
        jest.advanceTimersByTime(150);
      });
      expect(hook.result.current).toBe('a');
      await act(async () => {
        jest.advanceTimersByTime(60);
      });
      expect(hook.result.current).toBe('abc');
    } finally {
      jest.useRealTimers();
    }
  });
});
