import { useState } from 'react';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EditOutlined,
  FileTextOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Card, Select } from 'antd';
import { REPORT_STATUSES, type ReportDto, type ReportStatus } from '@zunft/contracts';
import {
  EmptyState,
  ListScreen,
  PageHeader,
  StatCardGrid,
  useListControls,
  ViewToggle,
  type ViewMode,
} from '@zunft/ui-kit';
import { serverErrorText, useErrorToast, useSession } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
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
  const { isBackoffice } = useSession();
  const [status, setStatus] = useState<ReportStatus | undefined>();
  // search (debounced), page (back to 1 on a new search or status), table or cards
  const list = useListControls(status);
  const { isMobile, page } = list;
  const query = useReportsQuery({ status, search: list.term, page, pageSize: REPORT_PAGE_SIZE });
  const counts = useReportCountsQuery();
  const actions = useReportActions();
  const [opened, setOpened] = useState<ReportDto | null>(null);
  const [generateOpen, setGenerateOpen] = useState(false);
  useErrorToast(query, t('reports.toast.loadError'));

  const reports = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const filtered = Boolean(status || list.term);
  // Only the office switches the view; the others get cards on phones and the table above.
  const mode: ViewMode = isBackoffice ? list.mode : isMobile ? 'cards' : 'list';
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
                onChange={list.setMode}
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
        <ListScreen<ReportDto>
          search={{ label: t('reports.filters.search'), value: list.search, onChange: list.setSearch }}
          filters={
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
          mode={mode}
          items={reports}
          loading={query.isPending}
          error={
            query.isError
              ? {
                  title: t('reports.toast.loadError'),
                  detail: serverErrorText(query.error) ?? t('common.loadFailed'),
                  retryLabel: t('common.retry'),
                  onRetry: () => void query.refetch(),
                }
              : null
          }
          filtered={filtered}
          emptyFiltered={<EmptyState icon={<FileTextOutlined />} title={t('reports.emptyFiltered')} />}
          empty={
            <EmptyState
              icon={<FileTextOutlined />}
              title={t('reports.empty')}
              description={isBackoffice ? t('reports.emptyHint') : t('reports.emptyHintViewer')}
              action={isBackoffice ? generateButton : undefined}
            />
          }
          table={() => <ReportTable {...listProps} compact={isMobile} />}
          cards={() => <ReportCards {...listProps} />}
          paging={{ kind: 'pages', page, pageSize: REPORT_PAGE_SIZE, total, onChange: list.setPage }}
        />
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
