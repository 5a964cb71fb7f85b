import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { Logo } from './Logo';
import { LanguageSwitch } from './LanguageSwitch';

/** Top bar of landing, pricing, about: Funktionen, Preise, Über uns, Demo, Anmelden + trial button. */
export function PublicHeader() {
  const { t } = useShellT();
  const { status } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const signedIn = status === 'authenticated';

  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  const links = (
    <>
      <Link to="/#features">{t('public.nav.features')}</Link>
      <Link to="/pricing">{t('public.nav.pricing')}</Link>
      <Link to="/about">{t('public.nav.about')}</Link>
      <Link to="/#demo">{t('public.nav.demo')}</Link>
    </>
  );

  return (
    <header className={`pub-header${open ? ' pub-header--open' : ''}`}>
      <div className="container pub-header__bar">
        <Logo />
        <nav className="pub-header__nav" aria-label={t('public.nav.main')}>
          {links}
        </nav>
        <div className="pub-header__actions">
          <LanguageSwitch />
          {signedIn ? (
            <Link className="btn btn--primary btn--sm" to="/dashboard">
              {t('public.nav.dashboard')}
            </Link>
          ) : (
            <>
              <Link className="pub-header__login" to="/login">
                {t('public.nav.login')}
              </Link>
              <Link className="btn btn--primary btn--sm pub-header__cta" to="/register">
                {t('public.nav.cta')}
              </Link>
            </>
          )}
          <button
            type="button"
            className="pub-header__burger"
            aria-expanded={open}
            aria-controls="pub-mobile-nav"
            aria-label={t('public.nav.menu')}
            onClick={() => setOpen((v) => !v)}
          >
            <span />
            <span />
            <span />
          </button>
        </div>
      </div>
      <nav id="pub-mobile-nav" className="pub-header__mobile" aria-label={t('public.nav.mobile')} hidden={!open}>
        {links}
        {signedIn ? (
          <Link to="/dashboard">{t('public.nav.dashboard')}</Link>
        ) : (
          <>
            <Link to="/login">{t('public.nav.login')}</Link>
            <Link className="btn btn--primary" to="/register">
              {t('public.nav.cta')}
            </Link>
          </>
        )}
      </nav>
    </header>
  );
}
