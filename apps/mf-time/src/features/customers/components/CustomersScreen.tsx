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
import { Button, Card, Flex, Spin } from 'antd';
import type { CustomerDto } from '@zunft/contracts';
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
import { useCustomersQuery, useDeleteCustomer } from '../api/useCustomers';
import { customerStats, filterCustomers } from './customerFilter';
import { CustomerCards, CustomerTable } from './CustomerList';
import { CustomerFormModal } from './CustomerFormModal';

/** Customers (part 1 §2): stat cards, search, list/cards, create/edit dialog, delete. */
export function CustomersScreen() {
  const t = useTimeT();
  const { isBackoffice } = useSession();
  const isMobile = useIsMobile();
  const query = useCustomersQuery();
  const remove = useDeleteCustomer();
  const [search, setSearch] = useState('');
  const [view, setView] = useState<ViewMode>('list');
  const [dialog, setDialog] = useState<{ open: boolean; customer: CustomerDto | null }>({
    open: false,
    customer: null,
  });
  useErrorToast(query, t('customers.toast.loadError'));

  const openCreate = useCallback(() => setDialog({ open: true, customer: null }), []);
  useCreateAction(openCreate, isBackoffice);

  const all = useMemo(() => query.data ?? [], [query.data]);
  const visible = useMemo(() => filterCustomers(all, search), [all, search]);
  const stats = customerStats(all);
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
  const listProps = {
    customers: visible,
    canEdit: isBackoffice,
    onEdit: (customer: CustomerDto) => setDialog({ open: true, customer }),
    onDelete,
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
        loading={query.isPending}
        cards={[
          { title: t('customers.stats.total'), value: stats.total, icon: <TeamOutlined /> },
          {
            title: t('customers.stats.activeProjects'),
            value: stats.activeProjects,
            icon: <ProjectOutlined />,
            color: '#d48806',
          },
          { title: t('customers.stats.withEmail'), value: stats.withEmail, icon: <MailOutlined />, color: '#389e0d' },
          { title: t('customers.stats.withPhone'), value: stats.withPhone, icon: <PhoneOutlined />, color: '#722ed1' },
        ]}
      />
      <Card>
        <ListToolbar
          searchLabel={t('customers.search')}
          search={search}
          onSearch={setSearch}
          extra={
            isBackoffice && !isMobile ? (
              <ViewToggle
                value={view}
                onChange={setView}
                listLabel={t('common.viewList')}
                cardsLabel={t('common.viewCards')}
              />
            ) : null
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
        ) : all.length === 0 ? (
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
          <CustomerCards {...listProps} />
        ) : (
          <CustomerTable {...listProps} />
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
