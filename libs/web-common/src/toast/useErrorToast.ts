import { useEffect } from 'react';
import { toastFailure } from './failure';

/** Shows one toast per failed load (not again on every render). */
export function useErrorToast(query: { error: unknown; errorUpdatedAt: number; isError: boolean }, fallback: string) {
  const { error, errorUpdatedAt, isError } = query;
  useEffect(() => {
    if (isError) toastFailure(error, fallback);
    // errorUpdatedAt changes once per failure; the message text is stable per screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, errorUpdatedAt]);
}
