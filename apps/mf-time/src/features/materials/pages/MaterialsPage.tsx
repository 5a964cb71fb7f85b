import { MaterialsScreen } from '../components/MaterialsScreen';

/** /materials (any role; employees record usage on their assigned projects). */
export default function MaterialsPage() {
  return <MaterialsScreen />;
}
