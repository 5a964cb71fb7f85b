import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage } from '@zunft/web-common';
import { App } from './App';
import { registerServiceWorker } from './pwa/service-worker';

document.documentElement.lang = currentLanguage();

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Offline use (PWA): production builds only; the dev server has no /sw.js.
if (process.env.NODE_ENV === 'production') void registerServiceWorker();
