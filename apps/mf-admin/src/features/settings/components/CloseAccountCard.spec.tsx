import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CompanyProfileDto, DataExportDto, SessionUser } from '@zunft/contracts';
import {
  ApiError,
  SessionProvider,
  api,
  createSessionEventBus,
  createTokenStore,
  type ApiClient,
} from '@zunft/web-common';
import { aSessionUser, renderWithProviders, testQueryClient } from '../../../test/render';
import { companyKeys } from '../api/useCompany';
import { CloseAccountCard, exportedToday } from './CloseAccountCard';

const profile: CompanyProfileDto = {
  name: 'Muster Elektro AG',
  email: 'info@muster-elektro.ch',
  phone: null,
  website: null,
  address: null,
  street: null,
  house_number: null,
  zip: null,
  city: null,
  country: 'CH',
  logo_url: null,
};

function render(user: SessionUser, logout: jest.Mock) {
  const tokens = createTokenStore(null, null);
  tokens.set('test-token');
  const unexpected = (path: string) => Promise.reject(new ApiError(404, `unerwarteter Aufruf ${path}`));
  const client: ApiClient = {
    get: <T,>(path: string) => (path === '/auth/profile' ? Promise.resolve({ user } as T) : unexpected(path)),
    post: <T,>(path: string) => {
      if (path !== '/auth/logout') return unexpected(path);
      logout();
      return Promise.resolve({} as T);
    },
    put: (path) => unexpected(path),
    patch: (path) => unexpected(path),
    delete: (path) => unexpected(path),
    upload: (path) => unexpected(path),
    blob: (path) => unexpected(path),
    changeSession: (change) => change(),
  };
  const queries = testQueryClient();
  queries.setQueryData(companyKeys.profile, profile);
  return renderWithProviders(
    <SessionProvider client={client} tokens={tokens} events={createSessionEventBus()}>
      <CloseAccountCard />
    </SessionProvider>,
    { client: queries },
  );
}

const exportOf = (over: Partial<DataExportDto>): DataExportDto => ({
  id: 'd0000000-0000-4000-8000-000000000001',
  status: 'done',
  progress: 100,
  phase: 'done',
  service: null,
  sizeBytes: 13_261_304,
  tables: 74,
  documents: 200,
  createdAt: new Date().toISOString(),
  finishedAt: new Date().toISOString(),
  expiresAt: null,
  ...over,
});

/** GET /data-exports/latest answers `latest` (the «Daten» card's query the dialog shares). */
function latestExport(latest: DataExportDto | null) {
  return jest
    .spyOn(api, 'get')
    .mockImplementation((path: string) =>
      path === '/data-exports/latest'
        ? Promise.resolve({ export: latest } as never)
        : Promise.reject(new ApiError(404, `unerwarteter Aufruf ${path}`)),
    );
}

afterEach(() => {
  jest.restoreAllMocks();
});

const dialogButton = () => screen.getByRole('button', { name: 'Konto schliessen' });

describe('CloseAccountCard (issue 26: «Konto schliessen»)', () => {
  it('tells what happens, closes only with the exact company name, then signs out', async () => {
    const logout = jest.fn();
    const post = jest.spyOn(api, 'post').mockImplementation(() =>
      Promise.resolve({
        message:
          'Das Firmenkonto wurde geschlossen. Die Daten werden nach Ablauf der gesetzlichen Aufbewahrungsfristen gelöscht.',
        closedAt: '2026-11-28T21:00:00.000Z',
        graceEndsOn: '2027-02-26',
      } as never),
    );
    latestExport(exportOf({}));
    render(aSessionUser({ role: 'admin' }), logout);
    expect(await screen.findByText(/Zeiterfassungen bleiben 5 Jahre \(ArGV 1 Art\. 73\)/)).toBeTruthy();
    expect(screen.getByText(/10 Jahre \(OR 958f\)/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Konto schliessen …' }));
    expect(await screen.findByText(/Firmennamen «Muster Elektro AG» ein/)).toBeTruthy();
    // today's export is ready: the dialog says so and closes at the first confirmation
    expect(await screen.findByText(/Datenexport bereit, erstellt am/)).toBeTruthy();
    expect(screen.getByText(/Exportieren Sie Ihre Daten vorher/)).toBeTruthy();
    const input = screen.getByLabelText('Firmenname zur Bestätigung');
    fireEvent.change(input, { target: { value: 'Muster Elektro' } });
    expect(dialogButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: ' Muster Elektro AG ' } });
    await waitFor(() => expect(dialogButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(dialogButton());

    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/companies/me/close', { confirmName: ' Muster Elektro AG ' });
  });

  it("shows the server's German reason (a subscription that still renews) and stays signed in", async () => {
    const logout = jest.fn();
    jest.spyOn(api, 'post').mockImplementation(() =>
      Promise.reject(
        new ApiError(409, 'Konflikt', {
          error:
            'Das Abonnement läuft noch. Kündigen Sie es zuerst unter Einstellungen › Zahlungen, dann können Sie das Konto schliessen.',
          code: 'company_close_subscription_active',
        }),
      ),
    );
    latestExport(exportOf({}));
    render(aSessionUser({ role: 'admin' }), logout);
    fireEvent.click(await screen.findByRole('button', { name: 'Konto schliessen …' }));
    expect(await screen.findByText(/Datenexport bereit, erstellt am/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Firmenname zur Bestätigung'), { target: { value: 'Muster Elektro AG' } });
    await waitFor(() => expect(dialogButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(dialogButton());
    expect(await screen.findByText(/Kündigen Sie es zuerst unter Einstellungen › Zahlungen/)).toBeTruthy();
    expect(logout).not.toHaveBeenCalled();
  });

  it('without an export of today: offers to start it, and the confirm button asks a second time', async () => {
    const logout = jest.fn();
    latestExport(null);
    const post = jest.spyOn(api, 'post').mockImplementation((path: string) =>
      Promise.resolve(
        (path === '/data-exports'
          ? exportOf({ status: 'running', progress: 0, phase: 'queued', sizeBytes: null, finishedAt: null })
          : {
              message: 'Das Firmenkonto wurde geschlossen.',
              closedAt: '2026-11-28T21:00:00.000Z',
              graceEndsOn: '2027-02-26',
            }) as never,
      ),
    );
    render(aSessionUser({ role: 'admin' }), logout);
    fireEvent.click(await screen.findByRole('button', { name: 'Konto schliessen …' }));
    expect(await screen.findByText('Noch kein Datenexport.')).toBeTruthy();

    // the export starts from the dialog: the state shows it running
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt alle Daten exportieren' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/data-exports'));
    expect(await screen.findByText('Der Datenexport läuft (0 %).')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Jetzt alle Daten exportieren' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Firmenname zur Bestätigung'), { target: { value: 'Muster Elektro AG' } });
    await waitFor(() => expect(dialogButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(dialogButton());
    // first click: asks «Ohne Datenexport schliessen?», closes nothing
    expect(await screen.findByText('Ohne Datenexport schliessen?')).toBeTruthy();
    expect(post).not.toHaveBeenCalledWith('/companies/me/close', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Ohne Datenexport schliessen' }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/companies/me/close', { confirmName: 'Muster Elektro AG' });
  });

  it('counts only a finished export of the Swiss day: yesterday evening, a failed or running one ask again', async () => {
    const now = new Date('2026-11-28T10:00:00.000Z');
    expect(exportedToday(exportOf({ finishedAt: '2026-11-27T23:30:00.000Z' }), now)).toBe(true); // 00:30 in Zurich
    expect(exportedToday(exportOf({ finishedAt: '2026-11-27T22:30:00.000Z' }), now)).toBe(false); // 23:30 the day before
    expect(exportedToday(exportOf({ status: 'failed', finishedAt: '2026-11-28T09:00:00.000Z' }), now)).toBe(false);
    expect(exportedToday(exportOf({ status: 'running', finishedAt: null }), now)).toBe(false);
    expect(exportedToday(null, now)).toBe(false);

    latestExport(exportOf({ status: 'expired', finishedAt: '2026-11-20T09:00:00.000Z' }));
    render(aSessionUser({ role: 'admin' }), jest.fn());
    fireEvent.click(await screen.findByRole('button', { name: 'Konto schliessen …' }));
    expect(await screen.findByText('Der letzte Datenexport ist abgelaufen (nach 7 Tagen gelöscht).')).toBeTruthy();
  });
});
