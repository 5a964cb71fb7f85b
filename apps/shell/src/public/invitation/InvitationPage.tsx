import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { serverErrorText, tokenStore } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { AuthLayout, Field, describedBy } from '../auth/AuthLayout';
import { PasswordInput } from '../auth/PasswordInput';
import { submitErrorMessage } from '../auth/form';
import { acceptInvitation, fetchInvitation } from './invitation.api';

/** Where the browser goes once the invitation is accepted: a fresh start of the signed-in app. */
export const afterAccept = { go: (path: string) => window.location.assign(path) };

/**
 * /einladung?token=… (issue 26), the link of a fiduciary's invitation mail: a new address sets name
 * and password, an existing Zunft account confirms with its password; either way the person is then
 * signed in to the inviting company (as accountant). Used or expired links get the server's text.
 */
export default function InvitationPage() {
  const { t } = useShellT();
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => fetchInvitation(token),
    retry: false,
    enabled: token !== '',
  });
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (auth) => {
      tokenStore.set(auth.token, false);
      afterAccept.go('/dashboard');
    },
  });
  const existing = info.data?.accountExists ?? false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (accept.isPending) return;
    accept.mutate(existing ? { token, password } : { token, password, firstName, lastName });
  };

  const failure = token === '' ? t('invitation.invalid') : info.isError ? serverErrorText(info.error) : null;

  return (
    <AuthLayout
      side={
        <>
          <h2>{t('invitation.sideTitle')}</h2>
          <p>{t('invitation.sideText')}</p>
        </>
      }
    >
      <div className="auth-card">
        <h1>{t('invitation.title')}</h1>
        {failure !== null ? (
          <p role="alert">{failure ?? t('invitation.invalid')}</p>
        ) : !info.data ? (
          <p role="status">{t('invitation.loading')}</p>
        ) : (
          <>
            <p className="auth-card__subtitle">
              {t('invitation.subtitle', { company: info.data.companyName, email: info.data.email })}
            </p>
            <form className="auth-form" onSubmit={submit} noValidate>
              {existing ? (
                <p>{t('invitation.existingHint')}</p>
              ) : (
                <div className="auth-form__row">
                  <Field id={`${id}-first`} label={t('register.firstName')}>
                    <input
                      id={`${id}-first`}
                      className="input"
                      autoComplete="given-name"
                      value={firstName}
                      onChange={(e) => setFirstName(e.target.value)}
                      required
                    />
                  </Field>
                  <Field id={`${id}-last`} label={t('register.lastName')}>
                    <input
                      id={`${id}-last`}
                      className="input"
                      autoComplete="family-name"
                      value={lastName}
                      onChange={(e) => setLastName(e.target.value)}
                      required
                    />
                  </Field>
                </div>
              )}
              <Field
                id={`${id}-password`}
                label={existing ? t('login.password') : t('register.password')}
                hint={existing ? undefined : t('register.passwordHint')}
              >
                <PasswordInput
                  id={`${id}-password`}
                  name="password"
                  autoComplete={existing ? 'current-password' : 'new-password'}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                  {...describedBy(`${id}-password`, undefined, existing ? undefined : t('register.passwordHint'))}
                />
              </Field>
              {accept.isError ? <p role="alert">{submitErrorMessage(accept.error, t('invitation.failed'))}</p> : null}
              <button
                type="submit"
                className="btn btn--primary btn--lg btn--block"
                disabled={accept.isPending}
                aria-busy={accept.isPending}
              >
                {existing ? t('invitation.acceptExisting') : t('invitation.acceptNew')}
              </button>
            </form>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
