import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { currentLanguage, toast, useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { textForUser } from '../../i18n/ui-language';
import { AuthLayout, Field, describedBy } from './AuthLayout';
import { PasswordInput } from './PasswordInput';
import { fieldErrors, submitErrorMessage, translateFieldErrors, type FieldErrors } from './form';
import { useDemoLogin } from '../components/useDemoLogin';

type LoginField = 'email' | 'password';

/** `/login?demo=1` (the public site's 'Live-Demo ansehen') signs in with the demo account once. */
let demoStarted = false;

/** The login schema (with zod) as a lazy chunk: not needed to paint the page, see login-schema.ts. */
const loadLoginSchema = () => import('./login-schema').then((m) => m.loginRequestSchema);
type LoginSchema = (typeof import('./login-schema'))['loginRequestSchema'];

export default function LoginPage() {
  const { t } = useShellT();
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [loading, setLoading] = useState(false);
  const [paymentSuccess, setPaymentSuccess] = useState(() => params.get('message') === 'payment_success');
  const demo = useDemoLogin();
  const demoRequested = params.get('demo') === '1';

  useEffect(() => {
    if (!demoRequested || demoStarted) return;
    demoStarted = true;
    const next = new URLSearchParams(params);
    next.delete('demo');
    setParams(next, { replace: true });
    void demo.start();
  }, [demoRequested, demo, params, setParams]);

  // Part 1 §2: show the banner once and remove the query from the address bar.
  useEffect(() => {
    if (params.get('message') === 'payment_success') {
      setPaymentSuccess(true);
      const next = new URLSearchParams(params);
      next.delete('message');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    let parsed: ReturnType<LoginSchema['safeParse']>;
    try {
      parsed = (await loadLoginSchema()).safeParse({ email, password, rememberMe });
    } catch (error) {
      // The schema's chunk could not be loaded (no connection).
      toast.error(submitErrorMessage(error, t('login.failed')));
      setLoading(false);
      return;
    }
    if (!parsed.success) {
      const translate = async (text: string) =>
        (await import('./login-schema')).translateValidationMessage(text, currentLanguage());
      setErrors(await translateFieldErrors(fieldErrors<LoginField>(parsed.error), translate));
      setLoading(false);
      return;
    }
    setErrors({});
    try {
      const user = await session.login(parsed.data);
      toast.success(await textForUser(user, 'login.success'));
      void navigate(user.requiresPayment ? '/settings?tab=payments' : '/dashboard', { replace: true });
    } catch (error) {
      toast.error(submitErrorMessage(error, t('login.failed')));
      setLoading(false);
    }
  };

  return (
    <AuthLayout
      side={
        <>
          <h2>{t('login.sideTitle')}</h2>
          <p>{t('login.sideText')}</p>
        </>
      }
    >
      <div className="auth-card">
        {paymentSuccess ? (
          <div className="banner banner--success" role="status">
            <span className="banner__icon" aria-hidden>
              ✓
            </span>
            <div>
              <strong>{t('login.paymentSuccessTitle')}</strong>
              {t('login.paymentSuccessText')}
            </div>
          </div>
        ) : null}
        <h1>{t('login.title')}</h1>
        <p className="auth-card__subtitle">{t('login.subtitle')}</p>
        <form
          className="auth-form"
          onSubmit={(e) => void submit(e)}
          onFocus={() => void loadLoginSchema().catch(() => undefined)}
          noValidate
        >
          <Field id={`${id}-email`} label={t('login.email')} error={errors.email}>
            <input
              id={`${id}-email`}
              className="input"
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              placeholder={t('login.emailPlaceholder')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              {...describedBy(`${id}-email`, errors.email)}
            />
          </Field>
          <Field id={`${id}-password`} label={t('login.password')} error={errors.password}>
            <PasswordInput
              id={`${id}-password`}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              {...describedBy(`${id}-password`, errors.password)}
            />
          </Field>
          <label className="checkbox">
            <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
            {t('login.remember')}
          </label>
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={loading} aria-busy={loading}>
            {loading ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <p className="auth-card__switch">
          {t('login.noAccount')}{' '}
          <Link className="text-link" to="/register">
            {t('login.registerLink')}
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
