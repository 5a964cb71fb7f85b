import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../public.css';
import './auth.css';
import { Logo } from '../components/Logo';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { useShellT } from '../../i18n/shell-i18n';

/** Login and register: form on the right, a calm brand panel on the left (hidden on phones). */
export function AuthLayout({ side, children }: { side: ReactNode; children: ReactNode }) {
  const { t } = useShellT();
  return (
    <div className="auth">
      <aside className="auth__side">
        <Logo />
        <div className="auth__side-body">{side}</div>
        <p className="auth__side-foot">
          <span className="swiss-dot" aria-hidden /> Swiss Made
        </p>
      </aside>
      <div className="auth__main">
        <header className="auth__top">
          <span className="auth__mobile-logo">
            <Logo />
          </span>
          <span className="auth__top-spacer" />
          <LanguageSwitch />
          <Link className="auth__back" to="/" aria-label={t('app.home')}>
            ←
          </Link>
        </header>
        <main id="main" className="auth__content">
          {children}
        </main>
      </div>
    </div>
  );
}

export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes that tie an input to its error or hint text. */
export function describedBy(id: string, error?: string, hint?: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}
