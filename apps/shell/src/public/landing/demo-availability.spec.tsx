import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ApiClient } from '@zunft/web-common';
import { SessionProvider, createSessionEventBus, createTokenStore } from '@zunft/web-common';
import { MemoryRouter } from 'react-router';
import '../../i18n/shell-i18n';
import { forgetDemoAvailable } from '../components/useDemoAvailable';
import LandingPage from './LandingPage';

const noCalls = () => Promise.reject(new Error('kein API-Aufruf erwartet'));
const client: ApiClient = {
  get: noCalls,
  post: noCalls,
  put: noCalls,
  patch: noCalls,
  delete: noCalls,
  upload: noCalls,
  blob: noCalls,
  changeSession: (change) => change(),
};
const realFetch = globalThis.fetch;
const asked: string[] = [];

/** The auth service's answer to GET /api/auth/demo (this test stands in for the network only). */
function answerDemo(answer: { status: number; enabled?: boolean }) {
  forgetDemoAvailable();
  globalThis.fetch = ((url: string) => {
    asked.push(String(url));
    // jsdom has no Response: the two fields the hook reads.
    return Promise.resolve({
      ok: answer.status < 300,
      status: answer.status,
      json: () => Promise.resolve({ enabled: answer.enabled }),
    });
  }) as unknown as typeof fetch;
}

async function renderLanding() {
  await act(async () => {
    render(
      <SessionProvider client={client} tokens={createTokenStore(null, null)} events={createSessionEventBus()}>
        <MemoryRouter initialEntries={['/']}>
          <LandingPage />
        </MemoryRouter>
      </SessionProvider>,
    );
  });
}

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  asked.length = 0;
});

describe('"Live-Demo ansehen" only where the demo is enabled', () => {
  it('enabled (npm start): both demo buttons and the demo section', async () => {
    answerDemo({ status: 200, enabled: true });
    await renderLanding();
    expect(asked).toEqual(['/api/auth/demo']);
    expect(await screen.findAllByRole('button', { name: 'Live-Demo ansehen' })).toHaveLength(2);
  });

  it('disabled (production) or not answered: no demo button and no demo section', async () => {
    for (const answer of [{ status: 200, enabled: false }, { status: 502 }]) {
      answerDemo(answer);
      await renderLanding();
      expect(screen.queryAllByRole('button', { name: 'Live-Demo ansehen', hidden: true })).toHaveLength(0);
      expect(document.getElementById('demo')).toBeNull();
      cleanup();
    }
  });
});
