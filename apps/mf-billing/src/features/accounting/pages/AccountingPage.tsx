import { AccountingScreen } from '../components/AccountingScreen';

/** /accounting (admin and backoffice; issue 26): the hand-off to the books. */
export default function AccountingPage() {
  return <AccountingScreen />;
}
