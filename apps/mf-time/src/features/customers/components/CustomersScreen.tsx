import { useCallback, useMemo, useState } from 'react';
import {
  ContactsOutlined,
  MailOutlined,
  PhoneOutlined,
  PlusOutlined,
  ProjectOutlined,
  SearchOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, Card, Switch } from 'antd';
import { OPERATIONS_LIMITS, type CustomerDto } from '@zunft/contracts';
import { EmptyState, ListScreen, PageHeader, StatCardGrid, useListControls, type ViewMode } from '@zunft/ui-kit';
import { serverErrorText, toast, toastFailure, useErrorToast, useSession } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useCreateAction } from '../../../shared/useCreateAction';
import { useArchiveCustomer, useCustomerStats, useCustomersPageQuery, useDeleteCustomer } from '../api/useCustomers';
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
  const [showArchived, setShowArchived] = useState(false);
  // search (debounced), page (back to 1 on a new search or the archive switch), table or cards
  const list = useListControls(showArchived);
  const { isMobile, page, term } = list;
  const query = useCustomersPageQuery({ search: term, page, pageSize: PAGE_SIZE, includeArchived: showArchived });
  // The stat cards count all customers on the server (GET /customers/stats), not the page shown.
  const statsQuery = useCustomerStats();
  const remove = useDeleteCustomer();
  const archive = useArchiveCustomer();
  const [dialog, setDialog] = useState<{ open: boolean; customer: CustomerDto | null }>({
    open: false,
    customer: null,
  });
  useErrorToast(query, t('customers.toast.loadError'));

  const openCreate = useCallback(() => setDialog({ open: true, customer: null }), []);
  useCreateAction(openCreate, isBackoffice);

  const visible = useMemo(() => query.data?.items ?? [], [query.data]);
  const total = query.data?.total ?? 0;
  const stats = statsQuery.data;
  // Without figures (the stats call failed) a dash, never a made-up 0.
  const figure = (value: number | undefined) => (statsQuery.isError ? '–' : (value ?? 0));
  // Phones always get cards; on larger screens backoffice may switch.
  const mode: ViewMode = isMobile ? 'cards' : isBackoffice ? list.mode : 'list';

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
        <ListScreen<CustomerDto>
          search={{ label: t('customers.search'), value: list.search, onChange: list.setSearch }}
          filters={
            <label style={{ alignSelf: 'center' }}>
              <Switch size="small" checked={showArchived} onChange={setShowArchived} /> {t('customers.showArchived')}
            </label>
          }
          toggle={
            isBackoffice && !isMobile
              ? { listLabel: t('common.viewList'), cardsLabel: t('common.viewCards'), onChange: list.setMode }
              : undefined
          }
          mode={mode}
          items={visible}
          loading={query.isPending}
          error={
            query.isError
              ? {
                  title: t('customers.toast.loadError'),
                  detail: serverErrorText(query.error) ?? t('common.loadFailed'),
                  retryLabel: t('common.retry'),
                  onRetry: () => void query.refetch(),
                }
              : null
          }
          filtered={term !== '' || total > 0}
          emptyFiltered={<EmptyState icon={<SearchOutlined />} title={t('customers.noneFound')} />}
          empty={
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
          }
          table={() => <CustomerTable {...listProps} loading={query.isFetching && query.isPlaceholderData} />}
          cards={() => <CustomerCards {...listProps} />}
          paging={{ kind: 'pages', page, pageSize: PAGE_SIZE, total, onChange: list.setPage }}
        />
      </Card>
      <CustomerFormModal
        open={dialog.open}
        customer={dialog.customer}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </>
  );
}
