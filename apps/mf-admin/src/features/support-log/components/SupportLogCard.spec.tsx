import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuditEntryDto, AuditLogResponse } from '@zunft/contracts';
import { api, i18n } from '@zunft/web-common';
import { renderWithProviders } from '../../../test/render';
import { SupportLogCard } from './SupportLogCard';

const ADMIN = 'a0000000-0000-4000-8000-000000000001';
const entry = (over: Partial<AuditEntryDto>): AuditEntryDto => ({
  id: 'e0',
  occurredAt: '2026-11-28T09:00:00.000Z',
  actor: 'support',
  action: 'support.change',
  service: 'auth',
  method: null,
  path: null,
  status: null,
  userId: ADMIN,
  expiresAt: null,
  requestId: null,
  ...over,
});

const first: AuditLogResponse = {
  entries: [
    entry({ id: 'e1', action: 'support.session-ended', occurredAt: '2026-11-28T10:30:00.000Z' }),
    entry({
      id: 'e2',
      action: 'support.change',
      service: 'operations',
      method: 'PUT',
      path: '/api/customers/c1',
      status: 200,
      occurredAt: '2026-11-28T10:00:00.000Z',
    }),
  ],
  hasMore: true,
};
const second: AuditLogResponse = {
  entries: [
    entry({
      id: 'e3',
      action: 'support.session-started',
      occurredAt: '2026-11-28T09:00:00.000Z',
      expiresAt: '2026-11-28T17:00:00.000Z',
    }),
  ],
  hasMore: false,
};

afterEach(async () => {
  jest.restoreAllMocks();
  await i18n.changeLanguage('de');
});

describe('SupportLogCard (issue 25: support access in the audit trail)', () => {
  it('shows a fiduciary’s sign-in as «Treuhänder» (issue 26)', async () => {
    const page: AuditLogResponse = {
      entries: [entry({ id: 'a1', actor: 'accountant', action: 'accountant.session-started' })],
      hasMore: false,
    };
    jest.spyOn(api, 'get').mockImplementationOnce(() => Promise.resolve(page as never));
    renderWithProviders(<SupportLogCard />);
    expect(await screen.findByText('Hat sich angemeldet (nur Lesezugriff)')).toBeTruthy();
    expect(screen.getByText('Treuhänder')).toBeTruthy();
    expect(screen.queryByText('Support')).toBeNull();
  });

  it('shows a fiduciary’s switch into the company and an export download (issue 26)', async () => {
    const page: AuditLogResponse = {
      entries: [
        entry({ id: 'a2', actor: 'accountant', action: 'accountant.company-switched' }),
        entry({
          id: 'a3',
          actor: 'accountant',
          action: 'accountant.export',
          service: 'billing',
          method: 'GET',
          path: '/api/accounting/journal?format=csv',
        }),
      ],
      hasMore: false,
    };
    jest.spyOn(api, 'get').mockImplementationOnce(() => Promise.resolve(page as never));
    renderWithProviders(<SupportLogCard />);
    expect(await screen.findByText('Hat aus einer anderen Firma hierher gewechselt (nur Lesezugriff)')).toBeTruthy();
    expect(screen.getByText('Export heruntergeladen: /api/accounting/journal?format=csv')).toBeTruthy();
    expect(screen.getAllByText('Treuhänder')).toHaveLength(2);
  });

  it('lists the support sessions and their changes as «Support», newest first, and loads older entries', async () => {
    const get = jest
      .spyOn(api, 'get')
      .mockImplementationOnce(() => Promise.resolve(first as never))
      .mockImplementationOnce(() => Promise.resolve(second as never));
    renderWithProviders(<SupportLogCard />);
    expect(await screen.findByText('Support-Sitzung beendet')).toBeTruthy();
    expect(get.mock.calls[0]![0]).toBe('/audit-log?limit=50');
    expect(screen.getByText('Geändert: /api/customers/c1')).toBeTruthy();
    expect(screen.getAllByText('Support')).toHaveLength(2);
    expect(screen.getByText(/· Betrieb$/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ältere Einträge laden' }));
    expect(
      await screen.findByText(/^Support-Sitzung begonnen \(endet spätestens 28\.11\.2026 \d\d:00\)$/),
    ).toBeTruthy();
    await waitFor(() =>
      expect(get.mock.calls[1]![0]).toBe(
        `/audit-log?limit=50&before=${encodeURIComponent('2026-11-28T10:00:00.000Z')}`,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Ältere Einträge laden' })).toBeNull();
  });

  it('says so when support never accessed the account, in French too', async () => {
    jest.spyOn(api, 'get').mockImplementation(() => Promise.resolve({ entries: [], hasMore: false } as never));
    await i18n.changeLanguage('fr');
    renderWithProviders(<SupportLogCard />);
    expect(await screen.findByText('Le support n’a encore jamais accédé à votre compte.')).toBeTruthy();
    expect(screen.getByText('Accès du support')).toBeTruthy();
  });
});
