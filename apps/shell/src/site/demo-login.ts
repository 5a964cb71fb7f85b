// The public site's 'Live-Demo ansehen' (in place of ../public/components/useDemoLogin): the sign-in
// itself needs the full app, so the button opens /login?demo=1, where LoginPage signs in with the
// demo account right away and goes on to the dashboard.
import { useState } from 'react';

export const DEMO_LOGIN_URL = '/login?demo=1';

export function useDemoLogin() {
  const [loading, setLoading] = useState(false);
  const start = async () => {
    setLoading(true);
    window.location.assign(DEMO_LOGIN_URL);
  };
  return { start, loading };
}
