import { hasStoredToken, loadSignedInApp, signedInAppLikely } from './routing/signed-in-likely';

// A signed-in page on a slow connection: start the signed-in app's chunks right away, in parallel
// with the app's start (React, router, session). A failed download is not an error here: the page
// loads (and reports) it again when it renders.
if (signedInAppLikely(window.location.pathname, hasStoredToken())) {
  setTimeout(() => void loadSignedInApp().catch(() => undefined), 0);
}

// Async boundary: Module Federation negotiates the shared singletons before the app code runs. In a
// task of its own: the runtime's start, the shared modules' negotiation and the requests of the
// signed-in chunks above are one long task already (about 370 ms under Lighthouse's mobile CPU),
// and the page's first paint (the spinner of index.html) is already there, so every millisecond of
// it over 50 counts as blocking time. The browser can paint and handle input in between.
setTimeout(() => void import('./bootstrap'), 0);
