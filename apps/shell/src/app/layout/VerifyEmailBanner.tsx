import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { serverErrorText, useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { resendVerification } from '../../public/verify-email/verify-email.api';

/**
 * Until the owner's address is confirmed (issue 25) the admin sees this below the page (at the foot
 * of the window on a short page; nothing above it moves, nothing is covered) with «Link erneut
 * senden»; the answer (sent to …, or the server's German reason, e.g. the wait) replaces the button.
 * A status, not an alert: it stays on every page and is no error.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const { t } = useShellT();
  const resend = useMutation({ mutationFn: resendVerification });
  if (!user || user.emailVerified !== false || user.role !== 'admin' || user.isSuperAdmin) return null;
  const answer = resend.isSuccess ? resend.data.message : resend.isError ? serverErrorText(resend.error) : undefined;
  return (
    <div className="verify-email-banner">
      <Alert
        role="status"
        type={resend.isError ? 'error' : 'info'}
        showIcon
        title={t('verifyEmail.banner')}
        description={answer}
        action={
          resend.isSuccess ? undefined : (
            <Button size="small" loading={resend.isPending} onClick={() => resend.mutate()}>
              {t('verifyEmail.resend')}
            </Button>
          )
        }
      />
    </div>
  );
}
