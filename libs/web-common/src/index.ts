export { api } from './api/api';
export { createApiClient, type ApiClient, type ApiClientDeps, type RequestOptions } from './api/api-client';
export {
  ApiError,
  isApiError,
  isRequiresPayment,
  errorCode,
  errorMessage,
  fallbackMessage,
  TIMEOUT_MESSAGE,
  NETWORK_MESSAGE,
} from './api/api-error';

export {
  SessionProvider,
  useSession,
  type SessionContextValue,
  type SessionStatus,
  type SessionProviderProps,
} from './session/SessionProvider';
export { initializeSession, SUPERADMIN_SUCCESS, type SessionInitDeps } from './session/session-init';
export {
  tokenStore,
  createTokenStore,
  TOKEN_KEY,
  PROFILE_KEY,
  SUPERADMIN_TOKEN_KEY,
  type TokenStore,
} from './session/token-storage';
export {
  sessionEvents,
  createSessionEventBus,
  type SessionEvent,
  type SessionEventBus,
} from './session/session-events';
export { decodeTokenClaims, minimalUserFromToken } from './session/jwt';

export { queryClient, shouldRetry } from './query/query-client';
export { QueryProvider } from './query/QueryProvider';

export {
  i18n,
  registerTranslations,
  setLanguage,
  currentLanguage,
  isLanguage,
  LANGUAGE_KEY,
  type Translations,
  type TranslationTree,
} from './i18n/i18n';
export { I18nProvider, useT } from './i18n/I18nProvider';

export {
  toast,
  createToastBus,
  type ToastBus,
  type ToastMessage,
  type ToastType,
  type ToastListener,
} from './toast/toast';
export { toastFailure, serverErrorOr, serverErrorText } from './toast/failure';
export { useErrorToast } from './toast/useErrorToast';
export { ACTIVE_TIME_ENTRY_QUERY_KEY, loadActiveTimeEntry } from './query/active-time-entry';
export {
  NO_PAUSE,
  breakMinutesOf,
  clearPauses,
  endPause,
  loadPause,
  pausedMs,
  savePause,
  startPause,
  workedMs,
  type PauseState,
} from './timer/pause';

export {
  formatCHF,
  formatNumber,
  formatDate,
  formatDateTime,
  formatHours,
  formatDurationHM,
} from './format/formatters';

export {
  REMOTE_PAGES,
  pagesOf,
  allRemotePages,
  type RemoteName,
  type RemoteModule,
  type RemotePageOf,
  type AdminPage,
  type TimePage,
  type BillingPage,
  type BillingPublicPage,
  type RemoteAppView,
  type RemotePublicView,
  type RemoteAppProps,
  type RemotePublicAppProps,
} from './pages/remote-pages';
export { PublicPageHost, type PublicPageHostProps } from './pages/PublicPageHost';

export { setNavigator, navigateTo, currentLocation, type Navigator } from './navigation';
export { REQUEST_TIMEOUT_MS, TOAST_DURATION_MS, TOAST_MAX, UI_LANGUAGES } from './constants';
