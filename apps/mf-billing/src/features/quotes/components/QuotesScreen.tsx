import { useCallback, useState } from 'react';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  FileAddOutlined,
  FileTextOutlined,
  PlusOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Card, Select } from 'antd';
import { QUOTE_STATUSES, type QuoteDto, type QuoteStatus, type QuoteTemplateDto } from '@zunft/contracts';
import { EmptyState, ListScreen, PageHeader, StatCardGrid, useListControls, ViewToggle } from '@zunft/ui-kit';
import { formatNumber, serverErrorText, useErrorToast } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { useQuoteStatsQuery, useQuotesQuery } from '../api/useQuotes';
import { QuoteDetailModal } from './QuoteDetailModal';
import { QuoteFormModal } from './QuoteFormModal';
import { QuoteCards, QuoteTable } from './QuoteList';
import { SaveTemplateModal } from './SaveTemplateModal';
import { TemplatePickerModal } from './TemplatePickerModal';
import { localToday, templateFormValues, type QuoteFormValues } from './quoteHelpers';
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
  const [status, setStatus] = useState<QuoteStatus | undefined>();
  // search (debounced), page (back to 1 on a new search or status), table or cards (cards on phones)
  const list = useListControls(status);
  const { isMobile, mode, page } = list;
  const query = useQuotesQuery({ status, search: list.term, page, pageSize: QUOTE_PAGE_SIZE });
  const stats = useQuoteStatsQuery();
  const actions = useQuoteActions();
  const [detail, setDetail] = useState<QuoteDto | null>(null);
  const [form, setForm] = useState<FormState>({ open: false, quote: null, initial: null });
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [templateFrom, setTemplateFrom] = useState<QuoteDto | null>(null);
  useErrorToast(query, t('quotes.toast.loadError'));

  const openCreate = useCallback(() => setForm({ open: true, quote: null, initial: null }), []);
  const openEdit = useCallback((quote: QuoteDto) => {
    setDetail(null);
    setForm({ open: true, quote, initial: null });
  }, []);
  const startFromTemplate = (template: QuoteTemplateDto) =>
    setForm({ open: true, quote: null, initial: templateFormValues(template, localToday()) });

  const quotes = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const filtered = Boolean(status || list.term);
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
              onChange={list.setMode}
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
        {/* Part 2 §2: the list/cards toggle (in the header) on every screen size; cards are the phone's default. */}
        <ListScreen<QuoteDto>
          search={{ label: t('quotes.filters.search'), value: list.search, onChange: list.setSearch }}
          filters={
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
          mode={mode}
          items={quotes}
          loading={query.isPending}
          error={
            query.isError
              ? {
                  title: t('quotes.toast.loadError'),
                  detail: serverErrorText(query.error) ?? t('common.loadFailed'),
                  retryLabel: t('common.retry'),
                  onRetry: () => void query.refetch(),
                }
              : null
          }
          filtered={filtered}
          emptyFiltered={<EmptyState icon={<FileTextOutlined />} title={t('quotes.emptyFiltered')} />}
          empty={
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
          }
          table={() => <QuoteTable {...listProps} compact={isMobile} />}
          cards={() => <QuoteCards {...listProps} />}
          paging={{ kind: 'pages', page, pageSize: QUOTE_PAGE_SIZE, total, onChange: list.setPage }}
        />
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
