import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  ContactsOutlined,
  MailOutlined,
  PhoneOutlined,
  PlusOutlined,
  ProjectOutlined,
  SearchOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Pagination, Spin, Switch } from 'antd';
import { OPERATIONS_LIMITS, type CustomerDto } from '@zunft/contracts';
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
import { serverErrorText, toast, toastFailure, useErrorToast, useSession } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useCreateAction } from '../../../shared/useCreateAction';
import {
  useArchiveCustomer,
  useCustomerStats,
  useCustomersPageQuery,
  useDebounced,
  useDeleteCustomer,
} from '../api/useCustomers';
import { CustomerCards, CustomerTable } from './CustomerList';
import { CustomerFormModal } from './CustomerFormModal';

const PAGE_SIZE = OPERATIONS_LIMITS.defaultPageSize;

/**
 * Customers (part 1 §2): stat cards, search, list/cards, create/edit dialog, delete. The server
 * searches and pages (issue 13: a company with 100,000 customers loads one page of 50).
 */
export function CustomersScreen() {
  const t = useTimeT();
  const { isBackoffice } = useSession();
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim());
  const [showArchived, setShowArchived] = useState(false);
  const query = useCustomersPageQuery({ search: term, page, pageSize: PAGE_SIZE, includeArchived: showArchived });
  // The stat cards count all customers on the server (GET /customers/stats), not the page shown.
  const statsQuery = useCustomerStats();
  const remove = useDeleteCustomer();
  const archive = useArchiveCustomer();
  const [view, setView] = useState<ViewMode>('list');
  const [dialog, setDialog] = useState<{ open: boolean; customer: CustomerDto | null }>({
    open: false,
    customer: null,
  });
  useErrorToast(query, t('customers.toast.loadError'));

  const openCreate = useCallback(() => setDialog({ open: true, customer: null }), []);
  useCreateAction(openCreate, isBackoffice);

  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  // A new search starts on page 1 (also when the debounced term arrives after a page change).
  useEffect(() => setPage(1), [term]);
  const visible = useMemo(() => query.data?.items ?? [], [query.data]);
  const total = query.data?.total ?? 0;
  const stats = statsQuery.data;
  // Without figures (the stats call failed) a dash, never a made-up 0.
  const figure = (value: number | undefined) => (statsQuery.isError ? '–' : (value ?? 0));
  // Phones always get cards; on larger screens backoffice may switch.
  const mode: ViewMode = isMobile ? 'cards' : isBackoffice ? view : 'list';

  const onDelete = async (customer: CustomerDto) => {
    try {
      await remove.mutateAsync(customer.id);
      toast.success(t('customers.toast.deleted'));
    } catch (error) {
      toastFailure(error, t('customers.toast.deleteError'));
    }
  };
  const onArchive = async (customer: CustomerDto, archived: boolean) => {
    try {
      await archive.mutateAsync({ id: customer.id, archived });
      toast.success(t(archived ? 'customers.toast.archived' : 'customers.toast.unarchived'));
    } catch (error) {
      toastFailure(error, t('customers.toast.archiveError'));
    }
  };
  const listProps = {
    customers: visible,
    canEdit: isBackoffice,
    onEdit: (customer: CustomerDto) => setDialog({ open: true, customer }),
    onDelete,
    onArchive,
  };

  return (
    <>
      <PageHeader
        title={t('customers.title')}
        subtitle={t('customers.subtitle')}
        icon={<ContactsOutlined />}
        extra={
          isBackoffice ? (
            <Button type="primary" size="large" icon={<PlusOutlined />} onClick={openCreate}>
              {t('customers.new')}
            </Button>
          ) : null
        }
      />
      <StatCardGrid
        loading={statsQuery.isPending}
        cards={[
          { title: t('customers.stats.total'), value: figure(stats?.total), icon: <TeamOutlined /> },
          {
            title: t('customers.stats.activeProjects'),
            value: figure(stats?.active_projects),
            icon: <ProjectOutlined />,
            color: '#d48806',
          },
          {
            title: t('customers.stats.withEmail'),
            value: figure(stats?.with_email),
            icon: <MailOutlined />,
            color: '#389e0d',
          },
          {
            title: t('customers.stats.withPhone'),
            value: figure(stats?.with_phone),
            icon: <PhoneOutlined />,
            color: '#722ed1',
          },
        ]}
      />
      <Card>
        <ListToolbar
          searchLabel={t('customers.search')}
          search={search}
          onSearch={onSearch}
          extra={
            <Flex gap={12} align="center" wrap>
              <label>
                <Switch
                  size="small"
                  checked={showArchived}
                  onChange={(on) => {
                    setShowArchived(on);
                    setPage(1);
                  }}
                />{' '}
                {t('customers.showArchived')}
              </label>
              {isBackoffice && !isMobile ? (
                <ViewToggle
                  value={view}
                  onChange={setView}
                  listLabel={t('common.viewList')}
                  cardsLabel={t('common.viewCards')}
                />
              ) : null}
            </Flex>
          }
        />
        {query.isPending ? (
          <Flex justify="center" style={{ padding: 40 }}>
            <Spin size="large" />
          </Flex>
        ) : query.isError ? (
          <LoadError
            title={t('customers.toast.loadError')}
            detail={serverErrorText(query.error) ?? t('common.loadFailed')}
            retryLabel={t('common.retry')}
            onRetry={() => void query.refetch()}
          />
        ) : total === 0 && term === '' ? (
          <EmptyState
            icon={<ContactsOutlined />}
            title={t('customers.empty')}
            description={t('customers.emptyHint')}
            action={
              isBackoffice ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
                  {t('customers.new')}
                </Button>
              ) : null
            }
          />
        ) : visible.length === 0 ? (
          <EmptyState icon={<SearchOutlined />} title={t('customers.noneFound')} />
        ) : mode === 'cards' ? (
          <>
            <CustomerCards {...listProps} />
            {total > PAGE_SIZE ? (
              <Flex justify="center" style={{ marginTop: 16 }}>
                <Pagination
                  current={page}
                  pageSize={PAGE_SIZE}
                  total={total}
                  showSizeChanger={false}
                  simple={isMobile}
                  onChange={setPage}
                />
              </Flex>
            ) : null}
          </>
        ) : (
          <CustomerTable
            {...listProps}
            pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: setPage }}
            loading={query.isFetching && query.isPlaceholderData}
          />
        )}
      </Card>
      <CustomerFormModal
        open={dialog.open}
        customer={dialog.customer}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </>
  );
}
