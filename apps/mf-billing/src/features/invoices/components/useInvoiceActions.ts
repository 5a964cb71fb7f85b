import type { InvoiceDto, InvoiceStatus, InvoicePaymentMethod, SendReminderRequest } from '@zunft/contracts';
import { serverErrorOr, toast, toastFailure } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { invoicesApi } from '../api/invoices.api';
import {
  useDeleteInvoice,
  useMarkPaid,
  useSendInvoice,
  useSendReminder,
  useSetInvoiceStatus,
  useSetPaymentMethod,
} from '../api/useInvoices';
import { invoiceFileName, saveBlob } from './invoiceHelpers';

/** The invoice actions of list, cards and detail with the toasts of part 2 §8. */
export function useInvoiceActions() {
  const t = useBillingT();
  const send = useSendInvoice();
  const remove = useDeleteInvoice();
  const reminder = useSendReminder();
  const status = useSetInvoiceStatus();
  const method = useSetPaymentMethod();
  const markPaid = useMarkPaid();

  async function setStatus(invoice: InvoiceDto, next: InvoiceStatus): Promise<boolean> {
    try {
      await status.mutateAsync({ id: invoice.id, status: next });
      toast.success(t('invoices.toast.statusUpdated'));
      return true;
    } catch (error) {
      toastFailure(error, t('invoices.toast.statusError'));
      return false;
    }
  }

  return {
    sending: send.isPending ? send.variables : null,
    deleting: remove.isPending ? remove.variables : null,
    reminding: reminder.isPending ? reminder.variables.id : null,
    updatingStatus: status.isPending ? status.variables.id : markPaid.isPending ? markPaid.variables : null,
    updatingMethod: method.isPending ? method.variables.id : null,

    async download(invoice: InvoiceDto): Promise<void> {
      try {
        const blob = await invoicesApi.download(invoice.id);
        saveBlob(blob, invoiceFileName(invoice));
        toast.success(t('invoices.toast.pdfDownloaded'));
      } catch (error) {
        toastFailure(error, t('invoices.toast.downloadError'));
      }
    },

    async send(invoice: InvoiceDto): Promise<boolean> {
      try {
        await send.mutateAsync(invoice.id);
        toast.success(t('invoices.toast.sent', { customer: invoice.customer_name }));
        return true;
      } catch (error) {
        toastFailure(error, t('invoices.toast.sendError'));
        return false;
      }
    },

    async remove(invoice: InvoiceDto): Promise<boolean> {
      try {
        await remove.mutateAsync(invoice.id);
        toast.success(t('invoices.toast.deleted'));
        return true;
      } catch (error) {
        toastFailure(error, t('invoices.toast.deleteError'));
        return false;
      }
    },

    /** Empty payload: the next level. The server's text on failure (part 2 §8), its message on success. */
    async sendReminder(invoice: InvoiceDto, body?: SendReminderRequest): Promise<boolean> {
      try {
        const answer = await reminder.mutateAsync({ id: invoice.id, body });
        toast.success(answer?.data?.message || t('invoices.toast.reminderSent'));
        return true;
      } catch (error) {
        toast.error(serverErrorOr(error, t('invoices.toast.reminderError')));
        return false;
      }
    },

    setStatus,

    async setPaymentMethod(invoice: InvoiceDto, next: InvoicePaymentMethod | null): Promise<boolean> {
      try {
        await method.mutateAsync({ id: invoice.id, method: next });
        toast.success(t('invoices.toast.methodUpdated'));
        return true;
      } catch (error) {
        toastFailure(error, t('invoices.toast.methodError'));
        return false;
      }
    },

    /** 'Als bezahlt markieren': the server records the open amount as a payment (issue 11). */
    async markPaid(invoice: InvoiceDto): Promise<boolean> {
      try {
        await markPaid.mutateAsync(invoice.id);
        toast.success(t('invoices.toast.markedPaid'));
        return true;
      } catch (error) {
        toastFailure(error, t('invoices.toast.statusError'));
        return false;
      }
    },

    /** Part 2 §8: editing shows an info. */
    edit(): void {
      toast.info(t('invoices.toast.editInfo'));
    },
  };
}

export type InvoiceActions = ReturnType<typeof useInvoiceActions>;
