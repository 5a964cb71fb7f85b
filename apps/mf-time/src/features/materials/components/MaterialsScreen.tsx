import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CloudUploadOutlined,
  DollarOutlined,
  InboxOutlined,
  PercentageOutlined,
  PlusCircleOutlined,
  PlusOutlined,
  SearchOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Flex, List, Pagination, Spin, Tabs } from 'antd';
import { OPERATIONS_LIMITS, type MaterialDto, type MaterialUsageDto } from '@zunft/contracts';
import { EmptyState, ListToolbar, LoadError, PageHeader, StatCardGrid, useIsMobile } from '@zunft/ui-kit';
import { formatCHF, serverErrorText, toast, toastFailure, useErrorToast, useSession } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useCreateAction } from '../../../shared/useCreateAction';
import { useDebounced } from '../../customers/api/useCustomers';
import { useProjectQuery } from '../../projects/api/useProjects';
import type { UsageFilter } from '../api/materials.api';
import {
  NO_USAGE_FILTER,
  useApproveUsage,
  useDeleteMaterial,
  useDeleteUsage,
  useMaterialStats,
  useMaterialsPageQuery,
  useUsageQuery,
} from '../api/useMaterials';
import { useOfflineMaterials } from '../offline/offlineMaterials';
import { MaterialCards } from './MaterialCards';
import { MaterialFormModal } from './MaterialFormModal';
import { MaterialImportModal } from './MaterialImportModal';
import { MarkupsModal } from './MarkupsModal';
import { MetalQuotationModal } from './MetalQuotationModal';
import { RejectUsageModal } from './RejectUsageModal';
import { UsageFormModal } from './UsageFormModal';
import { UsageList } from './UsageList';

type Tab = 'materials' | 'usage';

export const MATERIALS_PAGE_SIZE = OPERATIONS_LIMITS.defaultPageSize;

/**
 * Materials (part 1 §2): tabs 'Materialien' and 'Verbrauch', stat cards, cards, dialogs, approval.
 * The catalogue may hold 100,000 supplier articles (issue 29): the server searches and pages it
 * (50 cards a page) and counts the stat cards (GET /materials/stats).
 */
export function MaterialsScreen() {
  const t = useTimeT();
  const { user, isBackoffice } = useSession();
  const isMobile = useIsMobile();
  const [params] = useSearchParams();
  const projectParam = params.get('project');

  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim());
  // A new search starts on page 1 (also when the debounced term arrives after a page change).
  useEffect(() => setPage(1), [term]);
  const materialsQuery = useMaterialsPageQuery({ search: term, page, pageSize: MATERIALS_PAGE_SIZE });
  const statsQuery = useMaterialStats();
  const offline = useOfflineMaterials();
  const [importOpen, setImportOpen] = useState(false);
  const [metalOpen, setMetalOpen] = useState(false);
  const [markupsOpen, setMarkupsOpen] = useState(false);
  const [filter, setFilter] = useState<UsageFilter>(() => ({ ...NO_USAGE_FILTER, projectId: projectParam }));
  const usageQuery = useUsageQuery(filter);
  const removeMaterial = useDeleteMaterial();
  const removeUsage = useDeleteUsage();
  const approve = useApproveUsage();
  useErrorToast(materialsQuery, t('materials.toast.loadError'));
  useErrorToast(usageQuery, t('materials.toast.usageLoadError'));

  // A link from the projects screen (/materials?project=…) opens the usage of that project.
  const [tab, setTab] = useState<Tab>(projectParam ? 'usage' : 'materials');
  useEffect(() => {
    if (!projectParam) return;
    setFilter((f) => (f.projectId === projectParam ? f : { ...f, projectId: projectParam, page: 1 }));
    setTab('usage');
  }, [projectParam]);

  const [materialDialog, setMaterialDialog] = useState<{ open: boolean; material: MaterialDto | null }>({
    open: false,
    material: null,
  });
  const [usageDialog, setUsageDialog] = useState<{
    open: boolean;
    usage: MaterialUsageDto | null;
    material: MaterialDto | null;
  }>({ open: false, usage: null, material: null });

  const [rejecting, setRejecting] = useState<MaterialUsageDto | null>(null);

  const openCreate = useCallback(() => setMaterialDialog({ open: true, material: null }), []);
  useCreateAction(openCreate, isBackoffice);
  const openUsage = (material: MaterialDto | null = null) => setUsageDialog({ open: true, usage: null, material });

  const materials = useMemo(() => materialsQuery.data?.items ?? [], [materialsQuery.data]);
  const total = materialsQuery.data?.total ?? 0;
  // The usage dialog preselects the filtered (or linked) project when the caller may read it.
  const initialProjectQuery = useProjectQuery(filter.projectId ?? projectParam);
  const stats = statsQuery.data;
  // Without figures (the stats call failed) a dash, never a made-up 0.
  const figure = (value: number | undefined) => (statsQuery.isError ? '–' : (value ?? 0));
  // After the last entry of the last page is deleted, show the page that is now the last one.
  const usagePage = usageQuery.data;
  useEffect(() => {
    if (usagePage && usagePage.items.length === 0 && usagePage.total > 0 && filter.page > 1)
      setFilter((f) => ({ ...f, page: Math.max(1, Math.ceil(usagePage.total / f.pageSize)) }));
  }, [usagePage, filter.page]);

  const onDeleteMaterial = async (material: MaterialDto) => {
    try {
      const result = await removeMaterial.mutateAsync(material.id);
      toast.success(t('materials.toast.deleted'));
      if (result && result.deactivated) toast.info(t('materials.toast.deactivated'));
    } catch (error) {
      toastFailure(error, t('materials.toast.deleteError'));
    }
  };
  const onDeleteUsage = async (usage: MaterialUsageDto) => {
    try {
      await removeUsage.mutateAsync(usage.id);
      toast.success(t('materials.toast.usageDeleted'));
    } catch (error) {
      toastFailure(error, t('materials.toast.usageDeleteError'));
    }
  };
  const onApprove = async (usage: MaterialUsageDto) => {
    try {
      await approve.mutateAsync(usage.id);
      toast.success(t('materials.toast.usageApproved'));
    } catch (error) {
      toastFailure(error, t('materials.toast.approveError'));
    }
  };

  const materialsTab = materialsQuery.isPending ? (
    <Flex justify="center" style={{ padding: 40 }}>
      <Spin size="large" />
    </Flex>
  ) : materialsQuery.isError ? (
    <LoadError
      title={t('materials.toast.loadError')}
      detail={serverErrorText(materialsQuery.error) ?? t('common.loadFailed')}
      retryLabel={t('common.retry')}
      onRetry={() => void materialsQuery.refetch()}
    />
  ) : total === 0 && term === '' ? (
    // The first material may be created from here by everyone (part 1 §2).
    <EmptyState
      icon={<ToolOutlined />}
      title={t('materials.empty')}
      description={t('materials.emptyHint')}
      action={
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
          {t('materials.emptyAction')}
        </Button>
      }
    />
  ) : materials.length === 0 ? (
    <EmptyState icon={<SearchOutlined />} title={t('materials.noneFound')} />
  ) : (
    <>
      <MaterialCards
        materials={materials}
        canManage={isBackoffice}
        onEdit={(material) => setMaterialDialog({ open: true, material })}
        onDelete={onDeleteMaterial}
        onRecordUsage={(material) => openUsage(material)}
      />
      {total > MATERIALS_PAGE_SIZE ? (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Pagination
            current={page}
            pageSize={MATERIALS_PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            showTotal={(n) => t('materials.count', { count: n })}
            simple={isMobile}
            onChange={setPage}
          />
        </Flex>
      ) : null}
    </>
  );

  return (
    <>
      <PageHeader
        title={t('materials.title')}
        subtitle={t('materials.subtitle')}
        icon={<ToolOutlined />}
        extra={
          <Flex gap={8} wrap="wrap">
            <Button size="large" icon={<PlusCircleOutlined />} onClick={() => openUsage()}>
              {t('materials.recordUsage')}
            </Button>
            {isBackoffice ? (
              <Button size="large" icon={<CloudUploadOutlined />} onClick={() => setImportOpen(true)}>
                {t('materials.import.button')}
              </Button>
            ) : null}
            {isBackoffice ? (
              <Button size="large" icon={<DollarOutlined />} onClick={() => setMetalOpen(true)}>
                {t('materials.metal.button')}
              </Button>
            ) : null}
            {isBackoffice ? (
              <Button size="large" icon={<PercentageOutlined />} onClick={() => setMarkupsOpen(true)}>
                {t('materials.markups.button')}
              </Button>
            ) : null}
            {isBackoffice ? (
              <Button type="primary" size="large" icon={<PlusOutlined />} onClick={openCreate}>
                {t('materials.new')}
              </Button>
            ) : null}
          </Flex>
        }
      />
      <StatCardGrid
        loading={statsQuery.isPending}
        cards={[
          { title: t('materials.stats.count'), value: figure(stats?.material_count), icon: <ToolOutlined /> },
          {
            title: t('materials.stats.lowStock'),
            value: figure(stats?.low_stock_count),
            icon: <WarningOutlined />,
            color: '#d48806',
          },
          {
            title: t('materials.stats.stockValue'),
            value: statsQuery.isError ? '–' : formatCHF(stats?.stock_value ?? 0),
            icon: <DollarOutlined />,
            color: '#389e0d',
          },
          {
            title: t('materials.stats.usageCount'),
            value: figure(stats?.usage_count),
            icon: <UnorderedListOutlined />,
            color: '#722ed1',
          },
        ]}
      />
      {offline.queue.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('materials.offline.waiting', { count: offline.queue.length })}
          description={
            <List
              size="small"
              dataSource={offline.queue}
              renderItem={(entry) => (
                <List.Item
                  actions={
                    entry.status === 'conflict'
                      ? [
                          <Button key="discard" size="small" onClick={() => void offline.discard(entry)}>
                            {t('materials.offline.discard')}
                          </Button>,
                        ]
                      : []
                  }
                >
                  <List.Item.Meta
                    title={entry.label}
                    description={entry.status === 'conflict' ? entry.error : t('materials.offline.pending')}
                  />
                </List.Item>
              )}
            />
          }
        />
      ) : null}
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          items={[
            {
              key: 'materials',
              label: t('materials.tabs.materials'),
              icon: <ToolOutlined />,
              children: (
                <>
                  <ListToolbar
                    searchLabel={t('materials.search')}
                    search={search}
                    onSearch={(value) => {
                      setSearch(value);
                      setPage(1);
                    }}
                  />
                  {materialsTab}
                </>
              ),
            },
            {
              key: 'usage',
              label: t('materials.tabs.usage'),
              icon: <InboxOutlined />,
              children: (
                <UsageList
                  entries={usageQuery.data?.items ?? []}
                  total={usageQuery.data?.total ?? 0}
                  loading={usageQuery.isPending}
                  error={usageQuery.isError ? usageQuery.error : null}
                  onRetry={() => void usageQuery.refetch()}
                  filter={filter}
                  onFilter={setFilter}
                  userId={user?.id ?? null}
                  isBackoffice={isBackoffice}
                  approvingId={approve.isPending ? (approve.variables ?? null) : null}
                  onApprove={(usage) => void onApprove(usage)}
                  onReject={setRejecting}
                  onEdit={(usage) => setUsageDialog({ open: true, usage, material: null })}
                  onDelete={onDeleteUsage}
                />
              ),
            },
          ]}
        />
      </Card>
      <MaterialFormModal
        open={materialDialog.open}
        material={materialDialog.material}
        onClose={() => setMaterialDialog((d) => ({ ...d, open: false }))}
      />
      <RejectUsageModal usage={rejecting} onClose={() => setRejecting(null)} />
      <UsageFormModal
        open={usageDialog.open}
        usage={usageDialog.usage}
        initialProject={initialProjectQuery.data ?? null}
        initialMaterial={usageDialog.material}
        withPrice={isBackoffice}
        onClose={() => setUsageDialog((d) => ({ ...d, open: false }))}
      />
      {isBackoffice ? <MaterialImportModal open={importOpen} onClose={() => setImportOpen(false)} /> : null}
      {isBackoffice ? <MetalQuotationModal open={metalOpen} onClose={() => setMetalOpen(false)} /> : null}
      {isBackoffice ? <MarkupsModal open={markupsOpen} onClose={() => setMarkupsOpen(false)} /> : null}
    </>
  );
}
