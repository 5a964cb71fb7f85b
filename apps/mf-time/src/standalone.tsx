import { mountStandalone } from '@zunft/web-common/standalone';
import { zunftColors, zunftTheme } from '@zunft/ui-kit';
import TimeApp from './App';
import { TIME_NS } from './i18n';

// Standalone development page of the time remote (http://127.0.0.1:4202): sign-in and the pages with
// the shell's providers (libs/web-common/src/standalone); the shell's role rules are not applied
// here. Not part of the production build.
mountStandalone({
  i18nNamespace: TIME_NS,
  theme: zunftTheme,
  colors: zunftColors,
  pages: {
    customers: 'customers.title',
    projects: 'projects.title',
    'time-tracking': 'timeTracking.title',
    'working-time': 'workingTime.title',
    materials: 'materials.title',
  },
  render: (page) => <TimeApp page={page} />,
  home: 'time-tracking',
  homeFor: (user) => (user.role === 'employee' ? 'time-tracking' : 'customers'),
});
