import { useMemo, useState } from 'react';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EditOutlined,
  FileTextOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Spin } from 'antd';
import type { ReportDto } from '@zunft/contracts';
import { EmptyState, LoadError, PageHeader, StatCardGrid, useIsMobile, ViewToggle, type ViewMode } from '@zunft/ui-kit';
import { serverErrorText, useErrorToast, useSession } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { useReportsQuery } from '../api/useReports';
import { GenerateReportModal } from './GenerateReportModal';
import { ReportDetailModal } from './ReportDetailModal';
import { ReportCards, ReportTable } from './ReportList';
import { reportStats } from './reportHelpers';
import { useReportActions } from './useReportActions';

/**
 * Rapporte (part 2 §2 "Reports screen"): four tiles, list or cards, the generate dialog and the
 * detail dialog with images and the signature. Part 2 §6: only the office (admin, backoffice)
 * generates, deletes, switches the view and loads the project list; others view and download.
 */
export function ReportsScreen() {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const { isBackoffice } = useSession();
  const query = useReportsQuery();
  const actions = useReportActions();
  const [view, setView] = useState<ViewMode | null>(null);
  const [opened, setOpened] = useState<ReportDto | null>(null);
  const [generateOpen, setGenerateOpen] = useState(false);
  useErrorToast(query, t('reports.toast.loadError'));

  const reports = useMemo(() => query.data ?? [], [query.data]);
  const stats = reportStats(reports);
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
        loading={query.isPending}
        cards={[
          { title: t('reports.stats.total'), value: stats.total, icon: <FileTextOutlined /> },
          {
            title: t('reports.stats.approved'),
            value: stats.approved,
            icon: <CheckCircleOutlined />,
            color: '#722ed1',
          },
          { title: t('reports.stats.pending'), value: stats.pending, icon: <ClockCircleOutlined />, color: '#d48806' },
          { title: t('reports.stats.signed'), value: stats.signed, icon: <EditOutlined />, color: '#389e0d' },
        ]}
      />
      <Card>
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
        ) : reports.length === 0 ? (
          <EmptyState
            icon={<FileTextOutlined />}
            title={t('reports.empty')}
            description={isBackoffice ? t('reports.emptyHint') : t('reports.emptyHintViewer')}
            action={isBackoffice ? generateButton : undefined}
          />
        ) : mode === 'cards' ? (
          <ReportCards {...listProps} />
        ) : (
          <ReportTable {...listProps} compact={isMobile} />
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
