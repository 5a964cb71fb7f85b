import { useCallback, useEffect, useState } from 'react';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  FileAddOutlined,
  FileTextOutlined,
  PlusOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Select, Spin } from 'antd';
import { QUOTE_STATUSES, type QuoteDto, type QuoteStatus, type QuoteTemplateDto } from '@zunft/contracts';
import {
  EmptyState,
  ListToolbar,
  LoadError,
  PageHeader,
  StatCardGrid,
  useIsMobile,
  type ViewMode,
  ViewToggle,
} from '@zunft/ui-kit';
import { formatNumber, serverErrorText, useErrorToast } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { ListPagination } from '../../../shared/ListPagination';
import { useQuoteStatsQuery, useQuotesQuery } from '../api/useQuotes';
import { QuoteDetailModal } from './QuoteDetailModal';
import { QuoteFormModal } from './QuoteFormModal';
import { QuoteCards, QuoteTable } from './QuoteList';
import { SaveTemplateModal } from './SaveTemplateModal';
import { TemplatePickerModal } from './TemplatePickerModal';
import { localToday, templateFormValues, type QuoteFormValues } from './quoteHelpers';
import { useDebounced } from '../../../shared/useDebounced';
import { useQuoteActions } from './useQuoteActions';

export const QUOTE_PAGE_SIZE = 20;

interface FormState {
  open: boolean;
  quote: QuoteDto | null;
  initial: QuoteFormValues | null;
}

/**
 * Quotes (part 2 §2 "Quotes screen"): tiles, filters (status, text), one page of the list or cards
 * from the server (issue 13), detail, create/edit, templates, actions.
 */
export function QuotesScreen() {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const [status, setStatus] = useState<QuoteStatus | undefined>();
  const [search, setSearch] = useState('');
  const deferredSearch = useDebounced(search, 300);
  const [page, setPage] = useState(1);
  const query = useQuotesQuery({ status, search: deferredSearch, page, pageSize: QUOTE_PAGE_SIZE });
  const stats = useQuoteStatsQuery();
  const actions = useQuoteActions();
  // null until the user picks a view: phones start with cards, larger screens with the list.
  const [view, setView] = useState<ViewMode | null>(null);
  const [detail, setDetail] = useState<QuoteDto | null>(null);
  const [form, setForm] = useState<FormState>({ open: false, quote: null, initial: null });
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [templateFrom, setTemplateFrom] = useState<QuoteDto | null>(null);
  useErrorToast(query, t('quotes.toast.loadError'));

  // A filter change starts again on page 1.
  useEffect(() => setPage(1), [status, deferredSearch]);

  const openCreate = useCallback(() => setForm({ open: true, quote: null, initial: null }), []);
  const openEdit = useCallback((quote: QuoteDto) => {
    setDetail(null);
    setForm({ open: true, quote, initial: null });
  }, []);
  const startFromTemplate = (template: QuoteTemplateDto) =>
    setForm({ open: true, quote: null, initial: templateFormValues(template, localToday()) });

  const quotes = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const filtered = Boolean(status || deferredSearch.trim());
  // Part 2 §2: the list/cards toggle on every screen size; cards are the phone's default.
  const mode: ViewMode = view ?? (isMobile ? 'cards' : 'list');
  const listProps = { quotes, actions, onOpen: setDetail, onEdit: openEdit };

  return (
    <>
      <PageHeader
        title={t('quotes.title')}
        subtitle={t('quotes.subtitle')}
        icon={<FileTextOutlined />}
        extra={
          <>
            <ViewToggle
              value={mode}
              onChange={setView}
              listLabel={t('common.viewList')}
              cardsLabel={t('common.viewCards')}
            />
            <Button size="large" icon={<FileAddOutlined />} onClick={() => setTemplatesOpen(true)}>
              {t('quotes.fromTemplate')}
            </Button>
            <Button type="primary" size="large" icon={<PlusOutlined />} onClick={openCreate}>
              {t('quotes.new')}
            </Button>
          </>
        }
      />
      <StatCardGrid
        loading={stats.isPending}
        cards={[
          { title: t('quotes.stats.total'), value: stats.data?.total ?? '–', icon: <FileTextOutlined /> },
          {
            title: t('quotes.stats.accepted'),
            value: stats.data?.accepted ?? '–',
            icon: <CheckCircleOutlined />,
            color: '#389e0d',
          },
          {
            title: t('quotes.stats.pending'),
            value: stats.data?.pending ?? '–',
            icon: <ClockCircleOutlined />,
            color: '#d48806',
          },
          {
            title: t('quotes.stats.value'),
            value: stats.data ? formatNumber(stats.data.totalValue, 2) : '–',
            icon: <WalletOutlined />,
            color: '#722ed1',
          },
        ]}
      />
      <Card>
        <ListToolbar
          searchLabel={t('quotes.filters.search')}
          search={search}
          onSearch={setSearch}
          extra={
            <Select<QuoteStatus | 'all'>
              aria-label={t('quotes.filters.status')}
              size="large"
              value={status ?? 'all'}
              onChange={(v) => setStatus(v === 'all' ? undefined : v)}
              style={{ flex: '1 1 150px', maxWidth: isMobile ? undefined : 200 }}
              options={[
                { value: 'all', label: t('quotes.filters.allStatuses') },
                ...QUOTE_STATUSES.map((s) => ({ value: s, label: t(`quotes.status.${s}`) })),
              ]}
            />
          }
        />
        {query.isPending ? (
          <Flex justify="center" style={{ padding: 40 }}>
            <Spin size="large" />
          </Flex>
        ) : query.isError ? (
          <LoadError
            title={t('quotes.toast.loadError')}
            detail={serverErrorText(query.error) ?? t('common.loadFailed')}
            retryLabel={t('common.retry')}
            onRetry={() => void query.refetch()}
          />
        ) : quotes.length === 0 && filtered ? (
          <EmptyState icon={<FileTextOutlined />} title={t('quotes.emptyFiltered')} />
        ) : quotes.length === 0 ? (
          <EmptyState
            icon={<FileTextOutlined />}
            title={t('quotes.empty')}
            description={t('quotes.emptyHint')}
            action={
              <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
                {t('quotes.createFirst')}
              </Button>
            }
          />
        ) : (
          <>
            {mode === 'cards' ? <QuoteCards {...listProps} /> : <QuoteTable {...listProps} compact={isMobile} />}
            <ListPagination page={page} pageSize={QUOTE_PAGE_SIZE} total={total} simple={isMobile} onChange={setPage} />
          </>
        )}
      </Card>
      <QuoteDetailModal
        quote={detail}
        actions={actions}
        onClose={() => setDetail(null)}
        onEdit={openEdit}
        onSaveTemplate={setTemplateFrom}
      />
      <QuoteFormModal
        open={form.open}
        quote={form.quote}
        initial={form.initial}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
      <TemplatePickerModal open={templatesOpen} onClose={() => setTemplatesOpen(false)} onPick={startFromTemplate} />
      <SaveTemplateModal quote={templateFrom} onClose={() => setTemplateFrom(null)} />
    </>
  );
}
