import { ReportsScreen } from '../components/ReportsScreen';

/** /reports (admin and backoffice; part 1 §2, part 2 §2). */
export default function ReportsPage() {
  return <ReportsScreen />;
}
