// The public site (landing, pricing, about) as its own lean entry: React and the marketing pages,
// no Module Federation runtime, no react-router, react-query or i18next (see site/*.ts and the
// 'site' build in rspack.config.ts). Login, registration and everything signed in are the full
// app (index.html), loaded by a normal page load when the visitor goes there.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SiteApp } from './SiteApp';
import { initSiteLanguage } from './i18n';
import { registerServiceWorker } from '../pwa/service-worker';
import '../styles/base.css';

initSiteLanguage();

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in site/index.html');
createRoot(container).render(
  <StrictMode>
    <SiteApp />
  </StrictMode>,
);

// The same service worker as the full app: installs it on the first visit, so the app is there offline.
if (process.env.NODE_ENV === 'production') void registerServiceWorker();
