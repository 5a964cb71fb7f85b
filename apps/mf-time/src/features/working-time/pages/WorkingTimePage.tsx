import { WorkingTimeScreen } from '../components/WorkingTimeScreen';

/** /working-time (any role: employees see their own month, the office everyone's). */
export default function WorkingTimePage() {
  return <WorkingTimeScreen />;
}
