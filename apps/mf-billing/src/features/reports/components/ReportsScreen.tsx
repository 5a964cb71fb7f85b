import { useEffect, useState } from 'react';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EditOutlined,
  FileTextOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Select, Spin } from 'antd';
import { REPORT_STATUSES, type ReportDto, type ReportStatus } from '@zunft/contracts';
import {
  EmptyState,
  ListToolbar,
  LoadError,
  PageHeader,
  StatCardGrid,
  useIsMobile,
  ViewToggle,
  type ViewMode,
} from '@zunft/ui-kit';
import { serverErrorText, useErrorToast, useSession } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { ListPagination } from '../../../shared/ListPagination';
import { useDebounced } from '../../../shared/useDebounced';
import { useReportCountsQuery, useReportsQuery } from '../api/useReports';
import { GenerateReportModal } from './GenerateReportModal';
import { ReportDetailModal } from './ReportDetailModal';
import { ReportCards, ReportTable } from './ReportList';
import { useReportActions } from './useReportActions';

export const REPORT_PAGE_SIZE = 20;

/**
 * Rapporte (part 2 §2 "Reports screen"): four tiles (counted by the server), filters (status,
 * text) and one page of the list or cards from the server (issue 13), the generate dialog and the
 * detail dialog with images and the signature. Part 2 §6: only the office (admin, backoffice)
 * generates, deletes, switches the view and loads the project list; others view and download.
 */
export function ReportsScreen() {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const { isBackoffice } = useSession();
  const [status, setStatus] = useState<ReportStatus | undefined>();
  const [search, setSearch] = useState('');
  const deferredSearch = useDebounced(search, 300);
  const [page, setPage] = useState(1);
  const query = useReportsQuery({ status, search: deferredSearch, page, pageSize: REPORT_PAGE_SIZE });
  const counts = useReportCountsQuery();
  const actions = useReportActions();
  const [view, setView] = useState<ViewMode | null>(null);
  const [opened, setOpened] = useState<ReportDto | null>(null);
  const [generateOpen, setGenerateOpen] = useState(false);
  useErrorToast(query, t('reports.toast.loadError'));

  // A filter change starts again on page 1.
  useEffect(() => setPage(1), [status, deferredSearch]);

  const reports = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const filtered = Boolean(status || deferredSearch.trim());
  const mode: ViewMode = isBackoffice ? (view ?? (isMobile ? 'cards' : 'list')) : isMobile ? 'cards' : 'list';
  // The open report follows the list (status changes after a signature or an upload).
  const open = opened ? (reports.find((r) => r.id === opened.id) ?? opened) : null;
  const onOpen = (report: ReportDto) => setOpened(report);
  const listProps = { reports, actions, onOpen, canDelete: isBackoffice };

  const generateButton = (
    <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => setGenerateOpen(true)}>
      {t('reports.generate')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('reports.title')}
        subtitle={t('reports.subtitle')}
        icon={<FileTextOutlined />}
        extra={
          isBackoffice ? (
            <>
              <ViewToggle
                value={mode}
                onChange={setView}
                listLabel={t('common.viewList')}
                cardsLabel={t('common.viewCards')}
              />
              {generateButton}
            </>
          ) : null
        }
      />
      <StatCardGrid
        loading={counts.isPending}
        cards={[
          { title: t('reports.stats.total'), value: counts.data?.total ?? '–', icon: <FileTextOutlined /> },
          {
            title: t('reports.stats.approved'),
            value: counts.data?.approved ?? '–',
            icon: <CheckCircleOutlined />,
            color: '#722ed1',
          },
          {
            title: t('reports.stats.pending'),
            value: counts.data?.pending ?? '–',
            icon: <ClockCircleOutlined />,
            color: '#d48806',
          },
          {
            title: t('reports.stats.signed'),
            value: counts.data?.signed ?? '–',
            icon: <EditOutlined />,
            color: '#389e0d',
          },
        ]}
      />
      <Card>
        <ListToolbar
          searchLabel={t('reports.filters.search')}
          search={search}
          onSearch={setSearch}
          extra={
            <Select<ReportStatus | 'all'>
              aria-label={t('reports.filters.status')}
              size="large"
              value={status ?? 'all'}
              onChange={(v) => setStatus(v === 'all' ? undefined : v)}
              style={{ flex: '1 1 150px', maxWidth: isMobile ? undefined : 200 }}
              options={[
                { value: 'all', label: t('reports.filters.allStatuses') },
                ...REPORT_STATUSES.map((s) => ({ value: s, label: t(`reports.status.${s}`) })),
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
            title={t('reports.toast.loadError')}
            detail={serverErrorText(query.error) ?? t('common.loadFailed')}
            retryLabel={t('common.retry')}
            onRetry={() => void query.refetch()}
          />
        ) : reports.length === 0 && filtered ? (
          <EmptyState icon={<FileTextOutlined />} title={t('reports.emptyFiltered')} />
        ) : reports.length === 0 ? (
          <EmptyState
            icon={<FileTextOutlined />}
            title={t('reports.empty')}
            description={isBackoffice ? t('reports.emptyHint') : t('reports.emptyHintViewer')}
            action={isBackoffice ? generateButton : undefined}
          />
        ) : (
          <>
            {mode === 'cards' ? <ReportCards {...listProps} /> : <ReportTable {...listProps} compact={isMobile} />}
            <ListPagination
              page={page}
              pageSize={REPORT_PAGE_SIZE}
              total={total}
              simple={isMobile}
              onChange={setPage}
            />
          </>
        )}
      </Card>
      {isBackoffice ? (
        <GenerateReportModal
          open={generateOpen}
          actions={actions}
          onClose={() => setGenerateOpen(false)}
          onGenerated={setOpened}
        />
      ) : null}
      <ReportDetailModal report={open} actions={actions} canManage={isBackoffice} onClose={() => setOpened(null)} />
    </>
  );
}
