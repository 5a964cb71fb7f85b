import { Link } from 'react-router';
import { useShellT } from '../../i18n/shell-i18n';

/** The Zunft mark: blue tile with a Z, small Swiss-red accent. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="#1f5fae" />
      <path d="M18 18h28v6L27 40h19v6H18v-6l19-16H18z" fill="#fff" />
      <rect x="44" y="10" width="10" height="10" rx="2" fill="#d52b1e" />
      <path d="M48 12h2v2.5h2.5v2H50V19h-2v-2.5h-2.5v-2H48z" fill="#fff" />
    </svg>
  );
}

export function Logo({ to = '/' }: { to?: string }) {
  const { t } = useShellT();
  return (
    <Link to={to} className="logo" aria-label={`Zunft – ${t('app.home')}`}>
      <LogoMark />
      <span className="logo__word">Zunft</span>
    </Link>
  );
}
