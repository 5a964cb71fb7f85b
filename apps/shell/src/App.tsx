import { BrowserRouter } from 'react-router';
import { I18nProvider, QueryProvider, SessionProvider } from '@zunft/web-common';
import './i18n/shell-i18n';
import './styles/base.css';
import { AppRoutes } from './routing/AppRoutes';
import { NavigatorBridge } from './components/NavigatorBridge';
import { Toaster } from './components/Toaster';
import { UserLanguageSync } from './components/UserLanguageSync';
import { SignOutCleanup } from './pwa/SignOutCleanup';
import { UpdateBanner } from './pwa/UpdateBanner';

export function App() {
  return (
    <I18nProvider>
      <QueryProvider>
        <SessionProvider>
          <UserLanguageSync />
          <BrowserRouter>
            <NavigatorBridge />
            <AppRoutes />
          </BrowserRouter>
          <Toaster />
          <UpdateBanner />
          <SignOutCleanup />
        </SessionProvider>
      </QueryProvider>
    </I18nProvider>
  );
}
