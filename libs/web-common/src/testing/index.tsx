// Test helpers for the remotes' jest tests (not part of the runtime bundle: a sub-path export).
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StyleProvider } from '@ant-design/cssinjs';
import type { MaterialDto, Role, SessionUser, UserDto } from '@zunft/contracts';
import type { ApiClient } from '../api/api-client';
import { SessionProvider } from '../session/SessionProvider';
import { createSessionEventBus } from '../session/session-events';
import { createTokenStore } from '../session/token-storage';

export { unsignedToken } from './tokens';

/** A QueryClient per test: no retries, data seeded by the test counts as fresh. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', client = testQueryClient() }: { route?: string; client?: QueryClient } = {},
): RenderResult & { client: QueryClient } {
  // antd's CSS-in-JS is computed but not injected into jsdom (`mock="server"`): with hundreds of
  // rules in the document, every getComputedStyle (role queries, user-event's pointer-events
  // check) walks them all and a screen test took 10 s instead of 1 s on a loaded CI machine.
  // Visibility the tests assert comes from markup (hidden, aria-*), not from antd's CSS.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StyleProvider mock="server">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </StyleProvider>
  );
  return Object.assign(render(ui, { wrapper }), { client });
}

/** Prints the router location so a test can assert URL changes. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function aUser(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    first_name: 'Anna',
    last_name: 'Muster',
    email: 'anna.muster@example.ch',
    role: 'admin',
    craftsman_category: null,
    hourly_rate: null,
    is_active: true,
    created_at: '2025-03-14T09:30:00.000Z',
    last_login_at: null,
    ...overrides,
  };
}

export function aSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'anna.muster@example.ch',
    role: 'admin',
    companyId: '00000000-0000-4000-8000-0000000000aa',
    companyName: 'Muster Elektro AG',
    firstName: 'Anna',
    lastName: 'Muster',
    first_name: 'Anna',
    last_name: 'Muster',
    language: 'de',
    craftsmanCategory: null,
    hourlyRate: null,
    requiresPayment: false,
    subscriptionStatus: 'trial',
    trialEndsAt: null,
    lastLoginAt: null,
    ...overrides,
  };
}

/** A material as GET /materials answers it (mf-time's materials screen, mf-billing's import). */
export function aMaterial(overrides: Partial<MaterialDto> = {}): MaterialDto {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Kupferrohr 15 mm',
    description: null,
    unit: 'm',
    category: 'Sanitär',
    unit_price: 4.35,
    stock_quantity: 10,
    min_stock: 5,
    is_active: true,
    low_stock: false,
    supplier_id: null,
    supplier_name: null,
    supplier_article_number: null,
    ean: null,
    product_group: null,
    discount_group: null,
    price_unit: 1,
    list_price: null,
    net_price: null,
    purchase_price: null,
    metal_weight_kg: null,
    metal_surcharge: null,
    missing_since: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * A real SessionProvider signed in as `role`: the profile call of the session start is answered
 * by this client; every other call fails loudly, so a test notices an unexpected request.
 */
export function signedInAs(role: Role, overrides: Partial<SessionUser> = {}) {
  const user = aSessionUser({ role, ...overrides });
  const unexpected = (path: string) => Promise.reject(new Error(`unerwarteter Aufruf im Test: ${path}`));
  const client = {
    get: (path: string) => (path === '/auth/profile' ? Promise.resolve({ user }) : unexpected(path)),
    post: (path: string) => unexpected(path),
    put: (path: string) => unexpected(path),
    delete: (path: string) => unexpected(path),
    upload: (path: string) => unexpected(path),
    blob: (path: string) => unexpected(path),
  } as unknown as ApiClient;
  const tokens = createTokenStore(null, null);
  tokens.set('test-token', false);
  const events = createSessionEventBus();
  return function Session({ children }: { children: ReactNode }) {
    return (
      <SessionProvider client={client} tokens={tokens} events={events}>
        {children}
      </SessionProvider>
    );
  };
}
