import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { registerRequestSchema, translateValidationMessage, type Language } from '@zunft/contracts';
import { UI_LANGUAGES, currentLanguage, toast, useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { textForUser } from '../../i18n/ui-language';
import { AuthLayout, Field, describedBy } from './AuthLayout';
import { PasswordInput } from './PasswordInput';
import { fieldErrors, submitErrorMessage, translateFieldErrors, type FieldErrors } from './form';

type RegisterField = 'companyName' | 'firstName' | 'lastName' | 'email' | 'password' | 'language';

export default function RegisterPage() {
  const { t } = useShellT();
  const session = useSession();
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState({
    companyName: '',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    language: currentLanguage() as Language,
  });
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [loading, setLoading] = useState(false);

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading || !terms) return;
    const parsed = registerRequestSchema.safeParse({ ...values, rememberMe: true });
    if (!parsed.success) {
      const language = currentLanguage();
      setErrors(
        await translateFieldErrors(fieldErrors<RegisterField>(parsed.error), (text) =>
          translateValidationMessage(text, language),
        ),
      );
      return;
    }
    setErrors({});
    setLoading(true);
    try {
      const user = await session.register(parsed.data);
      toast.success(await textForUser(user, 'register.success'));
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      toast.error(submitErrorMessage(error, t('register.failed')));
      setLoading(false);
    }
  };

  const input = (
    key: Exclude<RegisterField, 'password' | 'language'>,
    type: string,
    autoComplete: string,
    placeholder?: string,
  ) => (
    <Field id={`${id}-${key}`} label={t(`register.${key}`)} error={errors[key]}>
      <input
        id={`${id}-${key}`}
        className="input"
        type={type}
        name={key}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={values[key]}
        onChange={set(key)}
        required
        {...describedBy(`${id}-${key}`, errors[key])}
      />
    </Field>
  );

  return (
    <AuthLayout
      side={
        <>
          <h2>{t('register.sideTitle')}</h2>
          <ul>
            <li>
              <span>1</span>
              {t('register.sidePoints.one')}
            </li>
            <li>
              <span>2</span>
              {t('register.sidePoints.two')}
            </li>
            <li>
              <span>3</span>
              {t('register.sidePoints.three')}
            </li>
          </ul>
        </>
      }
    >
      <div className="auth-card auth-card--wide">
        <h1>{t('register.title')}</h1>
        <p className="auth-card__subtitle">{t('register.subtitle')}</p>
        <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
          {input('companyName', 'text', 'organization', t('register.companyPlaceholder'))}
          <div className="auth-form__row">
            {input('firstName', 'text', 'given-name')}
            {input('lastName', 'text', 'family-name')}
          </div>
          {input('email', 'email', 'email')}
          <Field
            id={`${id}-password`}
            label={t('register.password')}
            error={errors.password}
            hint={t('register.passwordHint')}
          >
            <PasswordInput
              id={`${id}-password`}
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              required
              minLength={6}
              {...describedBy(`${id}-password`, errors.password, t('register.passwordHint'))}
            />
          </Field>
          <Field id={`${id}-language`} label={t('register.language')} error={errors.language}>
            <select id={`${id}-language`} name="language" value={values.language} onChange={set('language')}>
              {UI_LANGUAGES.map((lng) => (
                <option key={lng} value={lng}>
                  {t(`language.${lng}`)}
                </option>
              ))}
            </select>
          </Field>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={terms}
              onChange={(e) => setTerms(e.target.checked)}
              required
              aria-describedby={`${id}-terms`}
            />
            <span id={`${id}-terms`}>{t('register.terms')}</span>
          </label>
          <button
            type="submit"
            className="btn btn--primary btn--lg btn--block"
            disabled={!terms || loading}
            aria-busy={loading}
          >
            {loading ? t('register.submitting') : t('register.submit')}
          </button>
          <div className="auth-card__hints">
            <strong>{t('register.noCard')}</strong>
            <span>{t('register.afterTrial')}</span>
          </div>
        </form>
        <p className="auth-card__switch">
          {t('register.haveAccount')}{' '}
          <Link className="text-link" to="/login">
            {t('register.loginLink')}
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
