import { useState } from 'react';
import {
  DownloadOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  HourglassOutlined,
  LeftOutlined,
  LockOutlined,
  PlusOutlined,
  RightOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, Card, DatePicker, Flex, Popconfirm, Select, Skeleton, Tag, Typography } from 'antd';
import { rejectAbsenceRequestSchema, reopenMonthRequestSchema, type AbsenceDto } from '@zunft/contracts';
import { EmptyState, LoadError, PageHeader } from '@zunft/ui-kit';
import { currentLanguage, serverErrorText, toast, toastFailure, useErrorToast, useSession } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { RejectReasonModal } from '../../../shared/RejectReasonModal';
import { saveBlob } from '../../expenses/components/expenseHelpers';
import { workingTimeApi } from '../api/workingTime.api';
import {
  useAbsencesQuery,
  useApproveAbsence,
  useCloseMonth,
  useDeleteAbsence,
  useRejectAbsence,
  useReopenMonth,
  useTimeAccountsQuery,
} from '../api/useWorkingTime';
import { AbsenceFormModal } from './AbsenceFormModal';
import { AbsenceList, useAbsencePeriod } from './AbsenceList';
import { AccountOverview } from './AccountOverview';
import { TeamWarnings } from './TeamWarnings';
import { monthLabel, monthOf, monthRange, pickAccount, shiftMonth, sortAbsences } from './workingTimeHelpers';

const todayIso = () => dayjs().format('YYYY-MM-DD');
/** «Luca Meier» → «luca-meier» for a file name. */
const fileSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

/**
 * «Arbeitszeit» (issue 24): one employee's month (employees their own, the office anyone's), the
 * absences with the office's decisions on holiday requests, the month close and reopen, and the
 * payroll's CSV of the month.
 */
export function WorkingTimeScreen() {
  const t = useTimeT();
  const { user, isBackoffice } = useSession();
  const isAdmin = user?.role === 'admin';
  const [month, setMonth] = useState(() => monthOf());
  const [chosen, setChosen] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [rejecting, setRejecting] = useState<AbsenceDto | null>(null);
  const [reopening, setReopening] = useState(false);
  const [exporting, setExporting] = useState<'payroll-csv' | 'payroll-xlsx' | 'csv' | 'pdf' | null>(null);

  const accounts = useTimeAccountsQuery(month);
  useErrorToast(accounts, t('workingTime.toast.loadError'));
  const list = accounts.data ?? [];
  const account = pickAccount(list, chosen, user?.id ?? null);
  const range = monthRange(month);
  const monthAbsences = useAbsencesQuery({ userId: account?.userId ?? null, ...range }, !!account);
  // The office's open requests, whatever month they are for.
  const pending = useAbsencesQuery({ status: 'requested' }, isBackoffice);
  useErrorToast(monthAbsences, t('workingTime.toast.absencesLoadError'));

  const approve = useApproveAbsence();
  const reject = useRejectAbsence();
  const remove = useDeleteAbsence();
  const close = useCloseMonth();
  const reopen = useReopenMonth();
  const period = useAbsencePeriod();
  const label = monthLabel(month, currentLanguage());
  const employees = list.map((a) => ({ id: a.userId, name: a.user_name }));

  const onApprove = async (absence: AbsenceDto) => {
    try {
      await approve.mutateAsync(absence.id);
      toast.success(t('workingTime.toast.approved'));
    } catch (error) {
      toastFailure(error, t('workingTime.toast.approveError'));
    }
  };
  const onReject = async (reason: string) => {
    if (!rejecting) return;
    try {
      await reject.mutateAsync({ id: rejecting.id, reason });
      toast.success(t('workingTime.toast.rejected'));
      setRejecting(null);
    } catch (error) {
      toastFailure(error, t('workingTime.toast.rejectError'));
    }
  };
  const onDelete = async (absence: AbsenceDto) => {
    try {
      await remove.mutateAsync(absence.id);
      toast.success(t('workingTime.toast.deleted'));
    } catch (error) {
      toastFailure(error, t('workingTime.toast.deleteError'));
    }
  };
  const onClose = async () => {
    if (!account) return;
    try {
      await close.mutateAsync({ userId: account.userId, month });
      toast.success(t('workingTime.toast.closed'));
    } catch (error) {
      toastFailure(error, t('workingTime.toast.closeError'));
    }
  };
  const onReopen = async (reason: string) => {
    if (!account) return;
    try {
      await reopen.mutateAsync({ userId: account.userId, month, reason });
      toast.success(t('workingTime.toast.reopened'));
      setReopening(false);
    } catch (error) {
      toastFailure(error, t('workingTime.toast.reopenError'));
    }
  };
  const onRecord = async (format: 'csv' | 'pdf') => {
    if (!account) return;
    setExporting(format);
    try {
      const blob = await workingTimeApi.timeRecords(account.userId, range.from, range.to, format);
      saveBlob(blob, t('workingTime.export.recordFileName', { name: fileSlug(account.user_name), month, format }));
    } catch (error) {
      toastFailure(error, t('workingTime.toast.exportError'));
    } finally {
      setExporting(null);
    }
  };
  const onExport = async (format: 'csv' | 'xlsx') => {
    setExporting(`payroll-${format}`);
    try {
      const blob = await workingTimeApi.exportPayroll(month, format);
      saveBlob(
        blob,
        t(format === 'csv' ? 'workingTime.export.fileName' : 'workingTime.export.xlsxFileName', { month }),
      );
    } catch (error) {
      toastFailure(error, t('workingTime.toast.exportError'));
    } finally {
      setExporting(null);
    }
  };
  // Employees delete their own requests still waiting; the office any absence of an open month.
  const canDelete = (a: AbsenceDto) =>
    isBackoffice ? !(account?.closed && a.user_id === account.userId) : a.status === 'requested';

  const toolbar = (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Flex gap={8} wrap="wrap" align="center">
        <Flex gap={4} align="center">
          <Button
            icon={<LeftOutlined />}
            aria-label={t('workingTime.previousMonth')}
            title={t('workingTime.previousMonth')}
            onClick={() => setMonth((m) => shiftMonth(m, -1))}
          />
          <DatePicker
            picker="month"
            aria-label={t('workingTime.month')}
            value={dayjs(`${month}-01`)}
            format={() => label}
            allowClear={false}
            inputReadOnly
            style={{ width: 170 }}
            onChange={(value: Dayjs | null) => value && setMonth(value.format('YYYY-MM'))}
          />
          <Button
            icon={<RightOutlined />}
            aria-label={t('workingTime.nextMonth')}
            title={t('workingTime.nextMonth')}
            onClick={() => setMonth((m) => shiftMonth(m, 1))}
          />
        </Flex>
        {isBackoffice ? (
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 200, flex: '1 1 200px' }}
            aria-label={t('workingTime.employee')}
            placeholder={t('workingTime.employee')}
            value={account?.userId ?? null}
            onChange={(id: string) => setChosen(id)}
            options={employees.map((e) => ({ value: e.id, label: e.name }))}
          />
        ) : null}
        {isBackoffice ? (
          <>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting === 'payroll-csv'}
              onClick={() => void onExport('csv')}
            >
              {t('workingTime.export.csv')}
            </Button>
            <Button
              icon={<FileExcelOutlined />}
              loading={exporting === 'payroll-xlsx'}
              onClick={() => void onExport('xlsx')}
            >
              {t('workingTime.export.xlsx')}
            </Button>
          </>
        ) : null}
      </Flex>
    </Card>
  );

  let body;
  if (accounts.isPending) body = <Card loading />;
  else if (accounts.isError)
    body = (
      <LoadError
        title={t('workingTime.toast.loadError')}
        detail={serverErrorText(accounts.error) ?? t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void accounts.refetch()}
      />
    );
  else if (!account) body = <EmptyState icon={<HourglassOutlined />} title={t('workingTime.noAccounts')} />;
  else
    body = (
      <>
        <Flex justify="space-between" align="center" gap={8} wrap="wrap" style={{ marginBottom: 12 }}>
          <Flex gap={8} align="center" wrap="wrap">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {account.user_name} · {label}
            </Typography.Title>
            <Tag color={account.closed ? 'purple' : 'blue'} icon={account.closed ? <LockOutlined /> : undefined}>
              {account.closed ? t('workingTime.account.closed') : t('workingTime.account.open')}
            </Tag>
          </Flex>
          <Flex gap={8} wrap="wrap">
            <Button icon={<FileTextOutlined />} loading={exporting === 'csv'} onClick={() => void onRecord('csv')}>
              {t('workingTime.export.record')}
            </Button>
            <Button icon={<FilePdfOutlined />} loading={exporting === 'pdf'} onClick={() => void onRecord('pdf')}>
              {t('workingTime.export.recordPdf')}
            </Button>
            {isBackoffice && !account.closed ? (
              <Popconfirm
                title={t('workingTime.close.confirm', { month: label, name: account.user_name })}
                okText={t('workingTime.close.close')}
                cancelText={t('common.cancel')}
                onConfirm={() => onClose()}
              >
                <Button icon={<LockOutlined />} loading={close.isPending}>
                  {t('workingTime.close.close')}
                </Button>
              </Popconfirm>
            ) : null}
            {isAdmin && account.closed ? (
              <Button icon={<UnlockOutlined />} onClick={() => setReopening(true)}>
                {t('workingTime.close.reopen')}
              </Button>
            ) : null}
          </Flex>
        </Flex>
        <AccountOverview account={account} monthLabel={label} />
        <Card title={t('workingTime.absences.title')} style={{ marginBottom: 16 }}>
          {monthAbsences.isPending ? (
            <Skeleton active />
          ) : (
            <AbsenceList
              absences={sortAbsences(monthAbsences.data ?? [])}
              showEmployee={false}
              canDecide={isBackoffice}
              canDelete={canDelete}
              approvingId={approve.isPending ? (approve.variables ?? null) : null}
              onApprove={(a) => void onApprove(a)}
              onReject={setRejecting}
              onDelete={onDelete}
              emptyText={t('workingTime.absences.empty')}
            />
          )}
        </Card>
      </>
    );

  const pendingList = pending.data ?? [];
  return (
    <>
      <PageHeader
        title={t('workingTime.title')}
        subtitle={t('workingTime.subtitle')}
        icon={<HourglassOutlined />}
        extra={
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => setFormOpen(true)}>
            {isBackoffice ? t('workingTime.absences.record') : t('workingTime.absences.request')}
          </Button>
        }
      />
      {toolbar}
      {isBackoffice && pendingList.length > 0 ? (
        <Card
          title={t('workingTime.absences.pending', { count: pendingList.length })}
          style={{ marginBottom: 16, borderColor: '#d48806' }}
        >
          <AbsenceList
            absences={sortAbsences(pendingList)}
            showEmployee
            canDecide
            canDelete={() => false}
            approvingId={approve.isPending ? (approve.variables ?? null) : null}
            onApprove={(a) => void onApprove(a)}
            onReject={setRejecting}
            onDelete={onDelete}
            emptyText=""
          />
        </Card>
      ) : null}
      {body}
      {isBackoffice && list.length > 1 ? <TeamWarnings accounts={list} monthLabel={label} /> : null}
      <AbsenceFormModal
        open={formOpen}
        office={isBackoffice}
        employees={employees}
        initialUserId={account?.userId ?? null}
        initialDate={todayIso()}
        onClose={() => setFormOpen(false)}
      />
      <RejectReasonModal
        open={rejecting !== null}
        title={t('workingTime.absences.rejectTitle')}
        okText={t('workingTime.absences.reject')}
        reasonLabel={t('workingTime.absences.reason')}
        reasonSchema={rejectAbsenceRequestSchema.shape.reason}
        summary={
          rejecting
            ? t('workingTime.absences.rejectSummary', {
                type: t(`workingTime.absences.types.${rejecting.type}`),
                name: rejecting.user_name,
                period: period(rejecting),
              })
            : null
        }
        formName="reject-absence"
        pending={reject.isPending}
        onSubmit={onReject}
        onClose={() => setRejecting(null)}
      />
      <RejectReasonModal
        open={reopening}
        title={t('workingTime.close.reopenTitle')}
        okText={t('workingTime.close.reopen')}
        reasonLabel={t('workingTime.close.reason')}
        reasonSchema={reopenMonthRequestSchema.shape.reason}
        summary={account ? t('workingTime.close.reopenSummary', { month: label, name: account.user_name }) : null}
        formName="reopen-month"
        pending={reopen.isPending}
        onSubmit={onReopen}
        onClose={() => setReopening(false)}
      />
    </>
  );
}
