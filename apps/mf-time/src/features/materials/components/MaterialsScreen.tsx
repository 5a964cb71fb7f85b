import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CloudUploadOutlined,
  DollarOutlined,
  InboxOutlined,
  PercentageOutlined,
  PlusCircleOutlined,
  PlusOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Spin, Tabs } from 'antd';
import type { MaterialDto, MaterialUsageDto } from '@zunft/contracts';
import { EmptyState, LoadError, PageHeader, StatCardGrid } from '@zunft/ui-kit';
import { formatCHF, serverErrorText, toast, toastFailure, useErrorToast, useSession } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useCreateAction } from '../../../shared/useCreateAction';
import { useProjectQuery } from '../../projects/api/useProjects';
import type { UsageFilter } from '../api/materials.api';
import {
  NO_USAGE_FILTER,
  useApproveUsage,
  useDeleteMaterial,
  useDeleteUsage,
  useMaterialsQuery,
  useUsageQuery,
} from '../api/useMaterials';
import { MaterialCards } from './MaterialCards';
import { MaterialFormModal } from './MaterialFormModal';
import { MaterialImportModal } from './MaterialImportModal';
import { MarkupsModal } from './MarkupsModal';
import { MetalQuotationModal } from './MetalQuotationModal';
import { RejectUsageModal } from './RejectUsageModal';
import { materialStats } from './materialHelpers';
import { UsageFormModal } from './UsageFormModal';
import { UsageList } from './UsageList';

type Tab = 'materials' | 'usage';

/** Materials (part 1 §2): tabs 'Materialien' and 'Verbrauch', stat cards, cards, dialogs, approval. */
export function MaterialsScreen() {
  const t = useTimeT();
  const { user, isBackoffice } = useSession();
  const [params] = useSearchParams();
  const projectParam = params.get('project');

  const materialsQuery = useMaterialsQuery();
  const [importOpen, setImportOpen] = useState(false);
  const [metalOpen, setMetalOpen] = useState(false);
  const [markupsOpen, setMarkupsOpen] = useState(false);
  const [filter, setFilter] = useState<UsageFilter>(() => ({ ...NO_USAGE_FILTER, projectId: projectParam }));
  const usageQuery = useUsageQuery(filter);
  // The stat card counts every entry the caller can see, whatever the list filter (the server's total).
  const allUsageQuery = useUsageQuery(NO_USAGE_FILTER);
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
    materialId: string | null;
  }>({ open: false, usage: null, materialId: null });

  const [rejecting, setRejecting] = useState<MaterialUsageDto | null>(null);

  const openCreate = useCallback(() => setMaterialDialog({ open: true, material: null }), []);
  useCreateAction(openCreate, isBackoffice);
  const openUsage = (materialId: string | null = null) => setUsageDialog({ open: true, usage: null, materialId });

  const materials = useMemo(() => materialsQuery.data ?? [], [materialsQuery.data]);
  const productGroups = useMemo(
    () => [...new Set(materials.map((m) => m.product_group).filter((g): g is string => !!g))],
    [materials],
  );
  // The usage dialog preselects the filtered (or linked) project when the caller may read it.
  const initialProjectQuery = useProjectQuery(filter.projectId ?? projectParam);
  const stats = materialStats(materials, allUsageQuery.data?.total ?? 0);
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
  ) : materials.length === 0 ? (
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
  ) : (
    <MaterialCards
      materials={materials}
      canManage={isBackoffice}
      onEdit={(material) => setMaterialDialog({ open: true, material })}
      onDelete={onDeleteMaterial}
      onRecordUsage={(material) => openUsage(material.id)}
    />
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
        loading={materialsQuery.isPending}
        cards={[
          { title: t('materials.stats.count'), value: stats.count, icon: <ToolOutlined /> },
          { title: t('materials.stats.lowStock'), value: stats.lowStock, icon: <WarningOutlined />, color: '#d48806' },
          {
            title: t('materials.stats.stockValue'),
            value: formatCHF(stats.stockValue),
            icon: <DollarOutlined />,
            color: '#389e0d',
          },
          {
            title: t('materials.stats.usageCount'),
            value: stats.usageCount,
            icon: <UnorderedListOutlined />,
            color: '#722ed1',
            loading: allUsageQuery.isPending,
          },
        ]}
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          items={[
            {
              key: 'materials',
              label: t('materials.tabs.materials'),
              icon: <ToolOutlined />,
              children: materialsTab,
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
                  onEdit={(usage) => setUsageDialog({ open: true, usage, materialId: null })}
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
        materials={materials}
        initialProject={initialProjectQuery.data ?? null}
        initialMaterialId={usageDialog.materialId}
        withPrice={isBackoffice}
        onClose={() => setUsageDialog((d) => ({ ...d, open: false }))}
      />
      {isBackoffice ? <MaterialImportModal open={importOpen} onClose={() => setImportOpen(false)} /> : null}
      {isBackoffice ? <MetalQuotationModal open={metalOpen} onClose={() => setMetalOpen(false)} /> : null}
      {isBackoffice ? (
        <MarkupsModal open={markupsOpen} productGroups={productGroups} onClose={() => setMarkupsOpen(false)} />
      ) : null}
    </>
  );
}
