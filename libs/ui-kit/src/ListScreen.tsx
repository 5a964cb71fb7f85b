import type { ReactNode } from 'react';
import { Button, Flex, Pagination, Skeleton } from 'antd';
import { ListToolbar } from './ListToolbar';
import { LoadError, type LoadErrorProps } from './LoadError';
import { useIsMobile } from './useIsMobile';
import { ViewToggle, type ViewMode } from './ViewToggle';

/** Server pages by number: antd's Pagination under the list, shown only when there is more than one page. */
export interface ListPagesPaging {
  kind: 'pages';
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** Keyset paging: a «Mehr laden» button while the server has a next cursor. */
export interface ListMorePaging {
  kind: 'more';
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  /** «Mehr laden» in the user's language. */
  label: string;
  testId?: string;
}

export type ListPaging = ListPagesPaging | ListMorePaging;

export interface ListScreenProps<T> {
  /** The search box of the toolbar (none: no toolbar search). */
  search?: { label: string; value: string; onChange: (value: string) => void };
  /** The toolbar's other controls (status select, customer picker …), right of the search box. */
  filters?: ReactNode;
  /** The table/cards toggle in the toolbar; leave out when the screen shows it elsewhere (page header). */
  toggle?: { listLabel: string; cardsLabel: string; onChange: (mode: ViewMode) => void };
  /** Cards or table (see useListControls). */
  mode: ViewMode;
  /** The rows of the page (or of the pages loaded so far). */
  items: readonly T[];
  /** First load: a skeleton instead of the body. */
  loading: boolean;
  /** A failed load: the inline error with its retry (the toast is the screen's useErrorToast). */
  error?: LoadErrorProps | null;
  /** No rows at all: the first-use empty state (title, hint, «… erstellen»). */
  empty: ReactNode;
  /** No rows for the current search or filter (default: `empty`). */
  emptyFiltered?: ReactNode;
  filtered?: boolean;
  table: (items: readonly T[]) => ReactNode;
  cards: (items: readonly T[]) => ReactNode;
  paging?: ListPaging;
  /** Shown between the toolbar and the body (e.g. a hint, bulk actions). */
  children?: ReactNode;
}

/**
 * The one list screen of the apps (issue 28): toolbar (search, filters, table/cards toggle), the body
 * (skeleton while loading, the load error with retry, the empty states, the table or the cards —
 * cards on phones unless the user picks the table) and the paging the screen's server list offers
 * (pages by number, or «Mehr laden» after the keyset cursor). Texts come from the screen (its
 * de/fr/it catalogue), so the kit has no strings of its own.
 */
export function ListScreen<T>(props: ListScreenProps<T>) {
  const isMobile = useIsMobile();
  const { search, filters, toggle, mode } = props;
  const toolbarExtra =
    filters || toggle ? (
      <Flex gap={8} wrap="wrap" style={{ flex: '1 1 auto', justifyContent: 'flex-end' }}>
        {filters}
        {toggle ? (
          <ViewToggle
            value={mode}
            onChange={toggle.onChange}
            listLabel={toggle.listLabel}
            cardsLabel={toggle.cardsLabel}
          />
        ) : null}
      </Flex>
    ) : null;
  return (
    <>
      {search ? (
        <ListToolbar searchLabel={search.label} search={search.value} onSearch={search.onChange} extra={toolbarExtra} />
      ) : toolbarExtra ? (
        <Flex style={{ marginBottom: 16 }}>{toolbarExtra}</Flex>
      ) : null}
      {props.children}
      <ListBody {...props} isMobile={isMobile} />
    </>
  );
}

function ListBody<T>({
  loading,
  error,
  items,
  filtered,
  empty,
  emptyFiltered,
  mode,
  table,
  cards,
  paging,
  isMobile,
}: ListScreenProps<T> & { isMobile: boolean }) {
  if (loading)
    return (
      <div data-testid="list-loading" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  if (error) return <LoadError {...error} />;
  if (items.length === 0) return <>{filtered && emptyFiltered !== undefined ? emptyFiltered : empty}</>;
  return (
    <>
      {mode === 'cards' ? cards(items) : table(items)}
      {paging?.kind === 'pages' && paging.total > paging.pageSize ? (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Pagination
            current={paging.page}
            pageSize={paging.pageSize}
            total={paging.total}
            showSizeChanger={false}
            simple={isMobile}
            onChange={paging.onChange}
          />
        </Flex>
      ) : null}
      {paging?.kind === 'more' && paging.hasMore ? (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Button onClick={paging.onMore} loading={paging.loading} data-testid={paging.testId}>
            {paging.label}
          </Button>
        </Flex>
      ) : null}
    </>
  );
}
