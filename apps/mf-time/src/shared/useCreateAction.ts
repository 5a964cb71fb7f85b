import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@zunft/web-common';

/**
 * `?action=create` (dashboard quick actions, part 1 §2) opens the create dialog once; the parameter
 * is removed so a reload or the back button does not open it again.
 */
export function useCreateAction(open: () => void, allowed: boolean): void {
  const [params, setParams] = useSearchParams();
  const { status } = useSession();
  const requested = params.get('action') === 'create';
  useEffect(() => {
    // Decide only once the role is known.
    if (!requested || status === 'loading') return;
    if (allowed) open();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('action');
        return next;
      },
      { replace: true },
    );
  }, [requested, status, allowed, open, setParams]);
}
