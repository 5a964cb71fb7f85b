// The public site's stand-in for @zunft/web-common (its build aliases the package here): only what
// the marketing pages use, without react-query, the API client or i18next.
import { TOKEN_KEY } from './token-key';

export { UI_LANGUAGES, currentLanguage, isLanguage, setLanguage } from './i18n';

/**
 * "CHF 1'234.50" as web-common's formatCHF (site.spec.ts compares both); repeated here because the
 * package index would bring react-query, the API client and i18next.
 */
export function formatCHF(value: number | string | null | undefined): string {
  const n =
    typeof value === 'number' ? value : value === null || value === undefined || value === '' ? NaN : Number(value);
  if (!Number.isFinite(n)) return '–';
  const fixed = n.toFixed(2);
  const negative = fixed.startsWith('-') && !/^-?0\.00$/.test(fixed);
  const [int = '0', frac = '00'] = fixed.replace('-', '').split('.');
  return `CHF ${negative ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, "'")}.${frac}`;
}

function hasToken(): boolean {
  try {
    return Boolean(window.sessionStorage.getItem(TOKEN_KEY) ?? window.localStorage.getItem(TOKEN_KEY));
  } catch {
    return false;
  }
}

/**
 * Signed in or not, as far as the header needs it ('Dashboard' instead of 'Anmelden'): a stored
 * access token. The full app checks the session itself when the visitor goes on.
 */
export function useSession(): { status: 'authenticated' | 'anonymous' } {
  return { status: hasToken() ? 'authenticated' : 'anonymous' };
}
