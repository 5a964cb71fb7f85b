import { useEffect, useState } from 'react';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  FileDoneOutlined,
  ImportOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PlusOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Card, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { INVOICE_STATUSES, type CustomerDto, type InvoiceDto, type InvoiceStatus } from '@zunft/contracts';
import { EmptyState, ListScreen, PageHeader, StatCardGrid, useListControls } from '@zunft/ui-kit';
import { formatNumber, serverErrorText, useErrorToast, useSession } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { invoicesApi } from '../api/invoices.api';
import {
  invoicesKeys,
  useCreditBalancesQuery,
  useInvoiceQuery,
  useInvoiceStatsQuery,
  useInvoicesQuery,
  useUnmatchedCreditsQuery,
} from '../api/useInvoices';
import { SearchSelect } from '../../../shared/SearchSelect';
import { AssignCreditModal, type AssignableCredit } from './AssignCreditModal';
import { CreditBalancesModal } from './CreditBalancesModal';
import { NumberLogModal } from './NumberLogModal';
import { ImportPaymentsModal } from './ImportPaymentsModal';
import { InvoiceDetailModal } from './InvoiceDetailModal';
import { InvoiceCards, InvoiceTable } from './InvoiceList';
import { NewInvoiceModal } from './NewInvoiceModal';
import { ReminderModal } from './ReminderModal';
import { UnmatchedCreditsModal } from './UnmatchedCreditsModal';
import { useInvoiceActions } from './useInvoiceActions';

export const INVOICE_PAGE_SIZE = 20;

/**
 * Invoices (part 2 §2 "Invoices screen"): tiles from GET /invoices/stats, filters (status, customer,
 * text), a paginated list or cards, the detail, reminder, import and 'Neue Rechnung' dialogs. The
 * route is for admin and backoffice only, so everyone here gets the office's actions.
 */
export function InvoicesScreen() {
  const t = useBillingT();
  const [status, setStatus] = useState<InvoiceStatus | undefined>();
  const [customerId, setCustomerId] = useState<string | undefined>();
  // search (debounced), page (back to 1 on a new search, status or customer), table or cards
  const list = useListControls([status, customerId]);
  const { isMobile, mode, page } = list;
  const [detail, setDetail] = useState<InvoiceDto | null>(null);
  const [reminderFor, setReminderFor] = useState<InvoiceDto | null>(null);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [showUnmatched, setShowUnmatched] = useState(false);
  const [assigning, setAssigning] = useState<AssignableCredit | null>(null);
  const { isBackoffice } = useSession();
  const unmatched = useUnmatchedCreditsQuery(isBackoffice);
  const unmatchedCount = unmatched.data?.total ?? 0;
  const [showCredits, setShowCredits] = useState(false);
  const [showNumberLog, setShowNumberLog] = useState(false);
  const credits = useCreditBalancesQuery(true);
  const creditCount = credits.data?.total ?? 0;
  // `/invoices?invoice=<id>` (a signed report's link to its invoice) opens that invoice's detail.
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('invoice');
  const linked = useInvoiceQuery(linkedId ? { id: linkedId } : null);
  useErrorToast(linked, t('invoices.toast.loadOneError'));
  useEffect(() => {
    if (!linkedId || !linked.data || linked.data.id !== linkedId) return;
    setDetail(linked.data);
    setParams(
      (current) => {
        current.delete('invoice');
        return current;
      },
      { replace: true },
    );
  }, [linkedId, linked.data, setParams]);

  const query = useInvoicesQuery({ status, customerId, search: list.term, page, pageSize: INVOICE_PAGE_SIZE });
  const stats = useInvoiceStatsQuery();
  const actions = useInvoiceActions();
  useErrorToast(query, t('invoices.toast.loadError'));
  useErrorToast(stats, t('invoices.toast.statsError'));

  const invoices = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const filtered = Boolean(status || customerId || list.term);
  // The reminder dialog shows the invoice as it is now (level and date change after each reminder).
  const currentReminder = reminderFor ? (invoices.find((i) => i.id === reminderFor.id) ?? reminderFor) : null;
  const listProps = { invoices, actions, onOpen: setDetail };

  return (
    <>
      <PageHeader
        title={t('invoices.title')}
        subtitle={t('invoices.subtitle')}
        icon={<FileDoneOutlined />}
        extra={
          <>
            {isBackoffice && unmatchedCount > 0 ? (
              <Button size="large" icon={<LinkOutlined />} onClick={() => setShowUnmatched(true)}>
                {t('invoices.unmatched.button', { count: unmatchedCount })}
              </Button>
            ) : null}
            {creditCount > 0 ? (
              <Button size="large" icon={<WalletOutlined />} onClick={() => setShowCredits(true)}>
                {t('invoices.credits.button', { count: creditCount })}
              </Button>
            ) : null}
            <Button size="large" icon={<OrderedListOutlined />} onClick={() => setShowNumberLog(true)}>
              {t('invoices.numberLog.button')}
            </Button>
            {/* the read-only accountant (Treuhänder, issue 26) neither imports nor creates */}
            {isBackoffice ? (
              <>
                <Button size="large" icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                  {t('invoices.importBank')}
                </Button>
                <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                  {t('invoices.new')}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <StatCardGrid
        loading={stats.isPending}
        cards={[
          { title: t('invoices.stats.total'), value: stats.data?.total ?? '–', icon: <FileDoneOutlined /> },
          {
            title: t('invoices.stats.paid'),
            value: stats.data?.paid ?? '–',
            icon: <CheckCircleOutlined />,
            color: '#389e0d',
          },
          {
            title: t('invoices.stats.pending'),
            value: stats.data?.pending ?? '–',
            icon: <ClockCircleOutlined />,
            color: '#d48806',
          },
          {
            title: t('invoices.stats.totalAmount'),
            value: stats.data ? formatNumber(stats.data.totalAmount, 2) : '–',
            icon: <WalletOutlined />,
            color: '#722ed1',
          },
        ]}
      />
      <Card>
        <ListScreen<InvoiceDto>
          search={{ label: t('invoices.filters.search'), value: list.search, onChange: list.setSearch }}
          filters={
            <>
              <Select<InvoiceStatus | 'all'>
                aria-label={t('invoices.filters.status')}
                size="large"
                value={status ?? 'all'}
                onChange={(v) => setStatus(v === 'all' ? undefined : v)}
                style={{ flex: '1 1 150px', maxWidth: isMobile ? undefined : 200 }}
                options={[
                  { value: 'all', label: t('invoices.filters.allStatuses') },
                  ...INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoices.status.${s}`) })),
                ]}
              />
              <SearchSelect<CustomerDto>
                aria-label={t('invoices.filters.customer')}
                size="large"
                value={customerId ?? null}
                onChange={(id) => setCustomerId(id ?? undefined)}
                allowClear
                placeholder={t('invoices.filters.allCustomers')}
                queryKey={invoicesKeys.customerFilter()}
                search={invoicesApi.filterCustomers}
                byId={invoicesApi.customer}
                label={(c) => c.name}
                notFoundContent={t('invoices.create.noCustomers')}
                style={{ flex: '1 1 180px', maxWidth: isMobile ? undefined : 260 }}
              />
            </>
          }
          toggle={{ listLabel: t('common.viewList'), cardsLabel: t('common.viewCards'), onChange: list.setMode }}
          mode={mode}
          items={invoices}
          loading={query.isPending}
          error={
            query.isError
              ? {
                  title: t('invoices.toast.loadError'),
                  detail: serverErrorText(query.error) ?? t('common.loadFailed'),
                  retryLabel: t('common.retry'),
                  onRetry: () => void query.refetch(),
                }
              : null
          }
          filtered={filtered}
          emptyFiltered={<EmptyState icon={<FileDoneOutlined />} title={t('invoices.emptyFiltered')} />}
          empty={
            <EmptyState
              icon={<FileDoneOutlined />}
              title={t('invoices.empty')}
              description={t('invoices.emptyHint')}
              action={
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                  {t('invoices.createFirst')}
                </Button>
              }
            />
          }
          table={() => <InvoiceTable {...listProps} compact={isMobile} />}
          cards={() => <InvoiceCards {...listProps} />}
          paging={{ kind: 'pages', page, pageSize: INVOICE_PAGE_SIZE, total, onChange: list.setPage }}
        />
      </Card>
      <InvoiceDetailModal
        invoice={detail}
        actions={actions}
        onClose={() => setDetail(null)}
        onReminders={setReminderFor}
      />
      <ReminderModal invoice={currentReminder} actions={actions} onClose={() => setReminderFor(null)} />
      <NewInvoiceModal open={creating} onClose={() => setCreating(false)} />
      <ImportPaymentsModal open={importing} onClose={() => setImporting(false)} />
      {showCredits ? <CreditBalancesModal open onClose={() => setShowCredits(false)} /> : null}
      {showNumberLog ? <NumberLogModal open onClose={() => setShowNumberLog(false)} /> : null}
      {isBackoffice ? (
        <>
          <UnmatchedCreditsModal
            open={showUnmatched}
            query={unmatched}
            onClose={() => setShowUnmatched(false)}
            onAssign={setAssigning}
          />
          <AssignCreditModal credit={assigning} onClose={() => setAssigning(null)} />
        </>
      ) : null}
    </>
  );
}
