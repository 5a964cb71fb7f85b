import { ExpensesScreen } from '../components/ExpensesScreen';

/** /expenses (any role; employees see and claim their own expenses). */
export default function ExpensesPage() {
  return <ExpensesScreen />;
}
