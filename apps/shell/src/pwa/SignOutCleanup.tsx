import { useEffect, useRef } from 'react';
import { useSession } from '@zunft/web-common';
import { clearOfflineUserData } from './service-worker';

/** After a sign-out the service worker forgets the API answers it kept for offline reading. */
export function SignOutCleanup() {
  const { status } = useSession();
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (status === 'authenticated') wasSignedIn.current = true;
    if (status === 'anonymous' && wasSignedIn.current) {
      wasSignedIn.current = false;
      clearOfflineUserData();
    }
  }, [status]);
  return null;
}
