import { useCallback, useEffect, useState } from 'react';

export const SIDEBAR_COLLAPSED_KEY = 'sidebar-collapsed';
export const DESKTOP_QUERY = '(min-width: 1024px)';

function readCollapsed(): boolean {
  try {
    // Collapsed (88 px) unless the user pinned it open.
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setMatches(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/**
 * Sidebar (part 1 §2/§9): from 1024 px a fixed column, collapsed 88 px by default, 288 px on hover or
 * when pinned with the toggle (remembered in localStorage 'sidebar-collapsed'); below 1024 px a
 * slide-in drawer opened from the top bar.
 */
export function useSidebarState() {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [hovered, setHovered] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    if (isDesktop) setDrawerOpen(false);
  }, [isDesktop]);

  const toggleCollapsed = useCallback(() => {
    setCollapsed((value) => {
      const next = !value;
      try {
        window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
      } catch {
        // storage blocked: the choice lasts for this page
      }
      return next;
    });
    setHovered(false);
  }, []);

  return {
    isDesktop,
    collapsed,
    /** Labels visible: drawer, pinned open, or hovered. */
    expanded: !isDesktop || !collapsed || hovered,
    setHovered,
    toggleCollapsed,
    drawerOpen,
    openDrawer: useCallback(() => setDrawerOpen(true), []),
    closeDrawer: useCallback(() => setDrawerOpen(false), []),
  };
}
