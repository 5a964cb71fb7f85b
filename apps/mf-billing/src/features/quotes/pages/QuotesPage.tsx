import { QuotesScreen } from '../components/QuotesScreen';

/** /quotes (admin and backoffice; the shell enforces the roles). */
export default function QuotesPage(_props: { token?: string }) {
  return <QuotesScreen />;
}
