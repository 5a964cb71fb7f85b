// The public site's stand-in for react-router (its build aliases 'react-router' here): a tiny path
// switch over the three marketing pages. A link to one of them changes the page in place (history
// API); every other link (login, register, dashboard) is a normal page load of the full app.
import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** Paths this entry renders itself; the gateway serves site/index.html for them. */
export const SITE_PATHS = ['/', '/pricing', '/about'] as const;

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

export interface SiteLocation {
  pathname: string;
  hash: string;
  search: string;
}
const read = (): SiteLocation => ({
  pathname: window.location.pathname,
  hash: window.location.hash,
  search: window.location.search,
});

export function isSitePath(pathname: string): boolean {
  return (SITE_PATHS as readonly string[]).includes(pathname);
}

/** Goes to `to`: in place for a site page, else a full page load (the federated app). */
export function navigateTo(to: string, replace = false): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !isSitePath(url.pathname)) {
    if (replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const href = url.pathname + url.search + url.hash;
  if (replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  notify();
}

export function useLocation(): SiteLocation {
  const [location, setLocation] = useState(read);
  useEffect(() => {
    const update = () => setLocation(read());
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return location;
}

export function useNavigate() {
  return (to: string, options?: { replace?: boolean }) => navigateTo(to, options?.replace);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

export function Link({ to, replace, onClick, children, ...rest }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const url = new URL(to, window.location.href);
    if (!isSitePath(url.pathname)) return; // the browser loads the full app
    event.preventDefault();
    navigateTo(to, replace);
  };
  return (
    <a href={to} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
