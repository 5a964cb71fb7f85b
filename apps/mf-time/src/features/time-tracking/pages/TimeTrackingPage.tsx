import { TimeTrackingScreen } from '../components/TimeTrackingScreen';

/** /time-tracking (any role; `?project={id}` preselects the project). */
export default function TimeTrackingPage() {
  return <TimeTrackingScreen />;
}
