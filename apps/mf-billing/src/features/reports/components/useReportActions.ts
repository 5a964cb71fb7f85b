import { useEffect, useRef } from 'react';
import type { GenerateReportRequest, ReportDto, ReportStatus } from '@zunft/contracts';
import { ApiError, formatCHF, serverErrorText, toast, toastFailure } from '@zunft/web-common';
import { saveBlob } from '../../../shared/dom';
import { useBillingT } from '../../../shared/i18n';
import { reportsApi } from '../api/reports.api';
import {
  useCreateInvoice,
  useDeleteReport,
  useGenerateReport,
  useRefreshReports,
  useSendReport,
  useSetReportStatus,
} from '../api/useReports';
import { PDF_AUTO_DOWNLOAD_MS, reportFileName } from './reportHelpers';

/** The statuses the office sets by hand ('sent' and 'signed' come from mailing and signing). */
export type ManualReportStatus = Extract<ReportStatus, 'approved' | 'rejected' | 'draft'>;

const STATUS_TOAST: Record<ManualReportStatus, string> = {
  approved: 'reports.toast.approved',
  rejected: 'reports.toast.rejected',
  draft: 'reports.toast.backToDraft',
};

/** The report actions with the toasts of part 2 §8. Each returns whether it succeeded. */
export function useReportActions() {
  const t = useBillingT();
  const generate = useGenerateReport();
  const remove = useDeleteReport();
  const send = useSendReport();
  const setStatus = useSetReportStatus();
  const invoice = useCreateInvoice();
  const refresh = useRefreshReports();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const downloadPdf = async (report: Pick<ReportDto, 'id' | 'report_number'>): Promise<boolean> => {
    try {
      const blob = await reportsApi.download(report.id);
      saveBlob(blob, reportFileName(report));
      toast.success(t('reports.toast.pdfDownloaded'));
      return true;
    } catch (error) {
      toastFailure(error, t('reports.toast.downloadError'));
      return false;
    }
  };

  return {
    generating: generate.isPending,
    deleting: remove.isPending ? remove.variables : null,
    sending: send.isPending,
    /** The status being set, null when none. */
    changingStatus: setStatus.isPending ? (setStatus.variables?.status ?? null) : null,
    creatingInvoice: invoice.isPending,
    downloadPdf,
    refresh,

    /** Generates; the PDF downloads 1 s later (part 2 §4). Returns the new report or null. */
    async generate(body: GenerateReportRequest): Promise<ReportDto | null> {
      try {
        const report = await generate.mutateAsync(body);
        toast.success(t('reports.toast.generated', { number: report.report_number }));
        timers.current.push(setTimeout(() => void downloadPdf(report), PDF_AUTO_DOWNLOAD_MS));
        return report;
      } catch (error) {
        toastFailure(error, t('reports.toast.generateError'));
        return null;
      }
    },

    async remove(report: ReportDto): Promise<boolean> {
      try {
        await remove.mutateAsync(report.id);
        toast.success(t('reports.toast.deleted'));
        return true;
      } catch (error) {
        toastFailure(error, t('reports.toast.deleteError'));
        return false;
      }
    },

    async send(report: ReportDto, email: string | null): Promise<boolean> {
      try {
        const answer = await send.mutateAsync({ id: report.id, email });
        toast.success(t('reports.toast.sent', { email: answer.sent_to }));
        return true;
      } catch (error) {
        toastFailure(error, t('reports.toast.sendError'));
        return false;
      }
    },

    /**
     * The office's status change (PUT /reports/{id}/status): signed → approved, sent → rejected,
     * sent or rejected → draft. A refused transition (409) shows the server's text below the title.
     */
    async changeStatus(report: ReportDto, status: ManualReportStatus): Promise<boolean> {
      try {
        await setStatus.mutateAsync({ id: report.id, status });
        toast.success(t(STATUS_TOAST[status]));
        return true;
      } catch (error) {
        toastFailure(error, t('reports.toast.statusError'));
        return false;
      }
    },

    /** Part 2 §8: a 400 shows the server's text, anything else the catalogue text. */
    async createInvoice(report: ReportDto): Promise<string | null> {
      try {
        const answer = await invoice.mutateAsync(report.id);
        toast.success(
          t('reports.toast.invoiceCreated', { number: answer.invoiceNumber, amount: formatCHF(answer.totalAmount) }),
        );
        return answer.invoiceNumber;
      } catch (error) {
        const text = error instanceof ApiError && error.status === 400 ? serverErrorText(error) : undefined;
        if (text) toast.error(text);
        else toastFailure(error, t('reports.toast.invoiceError'));
        return null;
      }
    },
  };
}

export type ReportActions = ReturnType<typeof useReportActions>;
