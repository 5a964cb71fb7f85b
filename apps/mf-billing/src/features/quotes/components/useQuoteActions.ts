import type { QuoteDto } from '@zunft/contracts';
import { ApiError, toast, toastFailure } from '@zunft/web-common';
import { saveBlob } from '../../../shared/dom';
import { useBillingT } from '../../../shared/i18n';
import { quotesApi } from '../api/quotes.api';
import { useDeleteQuote, useSendQuote } from '../api/useQuotes';

/** File name of a quote PDF, e.g. Angebot-A-2026-0001.pdf. */
export function pdfFileName(quote: Pick<QuoteDto, 'quote_number'>): string {
  return `Angebot-${quote.quote_number.replace(/[^\w.-]+/g, '_')}.pdf`;
}

/** Send (draft only), PDF download and delete with the toasts of part 2 §8. */
export function useQuoteActions() {
  const t = useBillingT();
  const send = useSendQuote();
  const remove = useDeleteQuote();

  return {
    sending: send.isPending ? send.variables : null,
    deleting: remove.isPending ? remove.variables : null,

    async send(quote: QuoteDto): Promise<boolean> {
      try {
        await send.mutateAsync(quote.id);
        toast.success(t('quotes.toast.sent', { customer: quote.customer_name }));
        return true;
      } catch (error) {
        toastFailure(error, t('quotes.toast.sendError'));
        return false;
      }
    },

    async downloadPdf(quote: QuoteDto): Promise<void> {
      try {
        const blob = await quotesApi.pdf(quote.id);
        saveBlob(blob, pdfFileName(quote));
        toast.success(t('quotes.toast.pdfDownloaded'));
      } catch (error) {
        // A server-side failure means the PDF could not be generated; anything else the download failed.
        const generating = error instanceof ApiError && error.status >= 500;
        toastFailure(error, t(generating ? 'quotes.toast.pdfError' : 'quotes.toast.downloadError'));
      }
    },

    async remove(quote: QuoteDto): Promise<boolean> {
      try {
        await remove.mutateAsync(quote.id);
        toast.success(t('quotes.toast.deleted'));
        return true;
      } catch (error) {
        toastFailure(error, t('quotes.toast.deleteError'));
        return false;
      }
    },
  };
}

export type QuoteActions = ReturnType<typeof useQuoteActions>;
