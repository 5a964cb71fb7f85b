import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import '../public.css';
import { PublicHeader } from './PublicHeader';
import { PublicFooter } from './PublicFooter';

/** Frame of the marketing pages. Scrolls to `#anchor` targets after navigation (/#features etc.). */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash, pathname]);

  return (
    <div className="pub">
      <PublicHeader />
      <main id="main">{children}</main>
      <PublicFooter />
    </div>
  );
}
