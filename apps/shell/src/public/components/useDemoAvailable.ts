// Whether the landing page offers "Live-Demo ansehen": the auth service decides (GET /api/auth/demo,
// on for `npm start`, off in production unless DEMO_LOGIN_ENABLED=true). No web-common import, so
// the public site's build uses it as it is.
import { useEffect, useState } from 'react';
import type { DemoLoginResponse } from '@zunft/contracts';

let asked: Promise<boolean> | null = null;

/** Asks once per page load; a failed request counts as "no demo". */
export function demoAvailable(): Promise<boolean> {
  asked ??= fetch('/api/auth/demo', { headers: { accept: 'application/json' } })
    .then(async (res) => (res.ok ? ((await res.json()) as DemoLoginResponse).enabled === true : false))
    .catch(() => false);
  return asked;
}

/** For tests: the next call asks again. */
export function forgetDemoAvailable(): void {
  asked = null;
}

/** `undefined` while asking (the button keeps its place, invisible), then the answer. */
export function useDemoAvailable(): boolean | undefined {
  const [available, setAvailable] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void demoAvailable().then((value) => {
      if (alive) setAvailable(value);
    });
    return () => {
      alive = false;
    };
  }, []);
  return available;
}
