import { PageHeader } from '@zunft/ui-kit';
import { useBillingT } from '../../shared/i18n';

/**
 * /invoices (part 2 §2 "Rechnungen"), the page entry of `REMOTE_PAGES.billing.App`. The screen
 * itself is built in this folder by the invoices issue (issue 11); this file is its entry point.
 */
export default function InvoicesScreen() {
  const t = useBillingT();
  return <PageHeader title={t('pages.invoices')} />;
}
