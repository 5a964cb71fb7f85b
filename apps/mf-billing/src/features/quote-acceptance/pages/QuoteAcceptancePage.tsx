import { QuoteAcceptanceScreen } from '../components/QuoteAcceptanceScreen';

/** /quote-acceptance/:token (public, no login, no antd). */
export default function QuoteAcceptancePage({ token = '' }: { token?: string }) {
  return <QuoteAcceptanceScreen token={token} />;
}
