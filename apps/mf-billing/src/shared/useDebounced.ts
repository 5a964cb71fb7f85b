import { useDeferredValue, useEffect, useState } from 'react';

/** The value after it stopped changing for `ms` (a search field does not call the server per key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const deferred = useDeferredValue(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(deferred), ms);
    return () => clearTimeout(timer);
  }, [deferred, ms]);
  return settled;
}
