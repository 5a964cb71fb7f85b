import { InvoicesScreen } from './components/InvoicesScreen';

/** /invoices (admin and backoffice; the shell enforces the roles). */
export default function InvoicesPage() {
  return <InvoicesScreen />;
}
