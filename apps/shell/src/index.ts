import { hasStoredToken, loadSignedInApp, signedInAppLikely } from './routing/signed-in-likely';

// A signed-in page on a slow connection: start the signed-in app's chunks right away, in parallel
// with the app's start (React, router, session). A failed download is not an error here: the page
// loads (and reports) it again when it renders.
if (signedInAppLikely(window.location.pathname, hasStoredToken())) loadSignedInApp().catch(() => undefined);

// Async boundary: Module Federation negotiates the shared singletons before the app code runs.
import('./bootstrap');
