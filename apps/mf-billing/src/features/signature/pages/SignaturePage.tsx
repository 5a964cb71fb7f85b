import { SignatureScreen } from '../components/SignatureScreen';

/** /signature/:token (public, no login, no antd; part 1 §2, part 2 §2). */
export default function SignaturePage({ token = '' }: { token?: string }) {
  return <SignatureScreen token={token} />;
}
