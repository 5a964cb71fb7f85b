import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, toast, useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { textForUser } from '../../i18n/ui-language';

/** The seeded demo account (README / seed script). */
export const DEMO_CREDENTIALS = { email: 'demo@zunft.ch', password: 'Demo1234!' } as const;

/** 'Live-Demo ansehen': signs in with the demo account and opens the dashboard. */
export function useDemoLogin() {
  const { t } = useShellT();
  const session = useSession();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);

  const start = async () => {
    if (session.status === 'authenticated') {
      void navigate('/dashboard');
      return;
    }
    setLoading(true);
    try {
      const user = await session.login({ ...DEMO_CREDENTIALS, rememberMe: false });
      toast.success(await textForUser(user, 'login.success'));
      void navigate(user.requiresPayment ? '/settings?tab=payments' : '/dashboard');
    } catch (error) {
      toast.error(error instanceof ApiError && error.status >= 500 ? error.message : t('landing.demoFailed'));
      setLoading(false);
    }
  };

  return { start, loading };
}
