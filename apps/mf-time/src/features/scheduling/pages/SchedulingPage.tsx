import { SchedulingScreen } from '../components/SchedulingScreen';

/** /scheduling (any role; the office plans, employees see their own week). */
export default function SchedulingPage() {
  return <SchedulingScreen />;
}
