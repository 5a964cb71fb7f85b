import { mountStandalone } from '@zunft/web-common/standalone';
import { zunftColors, zunftTheme } from '@zunft/ui-kit';
import AdminApp from './App';
import { ADMIN_NS } from './i18n';

// Standalone development page of the admin remote (http://127.0.0.1:4201): sign-in and the three
// pages with the shell's providers (libs/web-common/src/standalone). Not part of the production build.
mountStandalone({
  i18nNamespace: ADMIN_NS,
  theme: zunftTheme,
  colors: zunftColors,
  pages: { users: 'users.title', settings: 'settings.title', profile: 'profile.title' },
  render: (page) => <AdminApp page={page} />,
  home: 'users',
  homeFor: (user) => (user.role === 'admin' ? 'users' : 'profile'),
});
