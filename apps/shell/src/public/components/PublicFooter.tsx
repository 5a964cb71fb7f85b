import { Link } from 'react-router';
import { useShellT } from '../../i18n/shell-i18n';
import { Logo } from './Logo';

export function PublicFooter() {
  const { t } = useShellT();
  return (
    <footer className="pub-footer">
      <div className="container pub-footer__grid">
        <div className="pub-footer__brand">
          <Logo />
          <p>{t('app.tagline')}</p>
          <p className="pub-footer__swiss">
            <span className="swiss-dot" aria-hidden /> {t('public.footer.swiss')}
          </p>
        </div>
        <div>
          <h2>{t('public.footer.product')}</h2>
          <Link to="/#features">{t('public.nav.features')}</Link>
          <Link to="/pricing">{t('public.nav.pricing')}</Link>
          <Link to="/#demo">{t('public.nav.demo')}</Link>
        </div>
        <div>
          <h2>{t('public.footer.company')}</h2>
          <Link to="/about">{t('public.nav.about')}</Link>
        </div>
        <div>
          <h2>{t('public.footer.account')}</h2>
          <Link to="/login">{t('public.nav.login')}</Link>
          <Link to="/register">{t('public.footer.register')}</Link>
        </div>
      </div>
      <div className="container pub-footer__legal">{t('public.footer.rights', { year: new Date().getFullYear() })}</div>
    </footer>
  );
}
