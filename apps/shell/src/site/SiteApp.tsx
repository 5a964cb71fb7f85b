import { useEffect, type ComponentType } from 'react';
import LandingPage from '../public/landing/LandingPage';
import PricingPage from '../public/pricing/PricingPage';
import AboutPage from '../public/about/AboutPage';
import { useLocation } from './router';

const PAGES: Record<string, ComponentType> = { '/': LandingPage, '/pricing': PricingPage, '/about': AboutPage };

/** The path switch of the public site; an unknown path (never served here) shows the landing page. */
export function SiteApp() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  const Page = PAGES[pathname] ?? LandingPage;
  return <Page />;
}
