import { CustomersScreen } from '../components/CustomersScreen';

/** /customers (admin and backoffice; the shell's guard enforces the roles). */
export default function CustomersPage() {
  return <CustomersScreen />;
}
