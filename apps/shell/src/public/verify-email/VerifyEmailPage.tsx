import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { serverErrorText, useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { PublicLayout } from '../components/PublicLayout';
import { verifyEmail } from './verify-email.api';

/**
 * /verify-email/:token, the link of the registration mail (issue 25): confirms the owner's address
 * at once, signed in or not, and says so; a bad or expired link gets the server's German text.
 */
export default function VerifyEmailPage({ token }: { token: string }) {
  const { t } = useShellT();
  const { status, refreshProfile } = useSession();
  const signedIn = status === 'authenticated';
  const verify = useMutation({ mutationFn: verifyEmail });
  const { mutate } = verify;
  useEffect(() => mutate(token), [mutate, token]);
  // The session's user carries emailVerified: read it again so the banner goes away.
  const verified = verify.isSuccess;
  useEffect(() => {
    if (verified && signedIn) void refreshProfile().catch(() => undefined);
  }, [verified, signedIn, refreshProfile]);

  return (
    <PublicLayout>
      <div className="message-page">
        <div className="message-card" aria-busy={verify.isPending || verify.isIdle}>
          {verify.isError ? (
            <>
              <h1>{t('verifyEmail.failedTitle')}</h1>
              <p role="alert">{serverErrorText(verify.error) ?? t('verifyEmail.failed')}</p>
            </>
          ) : verified ? (
            <>
              <h1>{t('verifyEmail.title')}</h1>
              <p role="status">{t('verifyEmail.text')}</p>
            </>
          ) : (
            <p role="status">{t('verifyEmail.checking')}</p>
          )}
          <div className="message-card__actions">
            <Link className="btn btn--primary btn--lg" to={signedIn ? '/dashboard' : '/login'}>
              {signedIn ? t('verifyEmail.toDashboard') : t('verifyEmail.toLogin')}
            </Link>
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
