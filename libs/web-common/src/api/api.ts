import { createApiClient, type ApiClient } from './api-client';
import { tokenStore } from '../session/token-storage';
import { sessionEvents } from '../session/session-events';
import { currentLocation, navigateTo } from '../navigation';
import { toast } from '../toast/toast';
import { currentLanguage } from '../i18n/i18n';

/** The one API client of the browser: paths relative to /api, e.g. `api.get('/users')`. */
export const api: ApiClient = createApiClient({
  tokens: tokenStore,
  events: sessionEvents,
  navigate: (to) => navigateTo(to),
  location: currentLocation,
  // e.g. 'Ihr Konto wurde deaktiviert. …', still visible on /login after the redirect
  notify: (message) => toast.error(message),
  language: currentLanguage,
});
