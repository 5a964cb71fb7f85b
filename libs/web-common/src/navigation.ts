/**
 * Navigation outside React (API client redirects). The shell registers the router's navigate
 * function; until then, and in a remote running alone without one, the browser location is used.
 */
export type Navigator = (to: string, options?: { replace?: boolean }) => void;

let current: Navigator | null = null;

export function setNavigator(navigator: Navigator | null): void {
  current = navigator;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (current) {
    current(to, options);
    return;
  }
  if (typeof window === 'undefined') return;
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** Path + search of the current page, e.g. '/settings?tab=payments'. */
export function currentLocation(): { pathname: string; search: string } {
  if (typeof window === 'undefined') return { pathname: '/', search: '' };
  return { pathname: window.location.pathname, search: window.location.search };
}
