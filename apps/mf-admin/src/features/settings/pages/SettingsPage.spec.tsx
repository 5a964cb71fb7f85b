import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_COMPANY_SETTINGS, type CompanyProfileDto, type SessionUser } from '@zunft/contracts';
import {
  ApiError,
  SessionProvider,
  api,
  createSessionEventBus,
  createTokenStore,
  type ApiClient,
} from '@zunft/web-common';
import { LocationProbe, aSessionUser, renderWithProviders, testQueryClient } from '../../../test/render';
import { companyKeys } from '../api/useCompany';
import { parseSettingsTab } from '../components/useSettingsTab';
import SettingsPage from './SettingsPage';

/** An API client that only knows the profile call the session makes on start. */
function sessionClient(user: SessionUser): ApiClient {
  const unexpected = (path: string) => Promise.reject(new ApiError(404, `unerwarteter Aufruf ${path}`));
  return {
    get: <T,>(path: string) => (path === '/auth/profile' ? Promise.resolve({ user } as T) : unexpected(path)),
    post: (path) => unexpected(path),
    put: (path) => unexpected(path),
    patch: (path) => unexpected(path),
    delete: (path) => unexpected(path),
    upload: (path) => unexpected(path),
    blob: (path) => unexpected(path),
    changeSession: (change) => change(),
  };
}

function renderSettings(route: string, user: SessionUser) {
  const tokens = createTokenStore(null, null);
  tokens.set('test-token');
  const client = testQueryClient();
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
  client.setQueryData(companyKeys.profile, profile);
  return renderWithProviders(
    <SessionProvider client={sessionClient(user)} tokens={tokens} events={createSessionEventBus()}>
      <SettingsPage />
      <LocationProbe />
    </SessionProvider>,
    { route, client },
  );
}

function activeTab(): string {
  const selected = screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true');
  expect(selected).toHaveLength(1);
  return selected[0]!.textContent ?? '';
}

describe('SettingsPage', () => {
  it('opens the tab named in ?tab=', async () => {
    renderSettings('/settings?tab=billing', aSessionUser({ role: 'backoffice' }));
    await screen.findByText('Administratorberechtigung erforderlich');
    expect(activeTab()).toBe('Rechnung');
  });

  it('falls back to "Allgemein" for a missing or unknown tab', async () => {
    expect(parseSettingsTab(null)).toBe('general');
    expect(parseSettingsTab('billing')).toBe('billing');
    expect(parseSettingsTab('admin')).toBe('general');

    renderSettings('/settings?tab=unbekannt', aSessionUser({ role: 'admin' }));
    await screen.findByDisplayValue('Muster Elektro AG');
    expect(activeTab()).toBe('Allgemein');
  });

  it('writes the chosen tab into the URL', async () => {
    renderSettings('/settings?tab=general', aSessionUser({ role: 'backoffice' }));
    await screen.findByDisplayValue('Muster Elektro AG');

    fireEvent.click(screen.getByRole('tab', { name: 'System' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings?tab=system'));
    expect(activeTab()).toBe('System');
  });

  it('shows non-admins "Administratorberechtigung erforderlich" on system and billing', async () => {
    renderSettings('/settings?tab=system', aSessionUser({ role: 'backoffice' }));
    expect(await screen.findByText('Administratorberechtigung erforderlich')).toBeTruthy();
    // No settings form is rendered (and nothing is loaded) for them.
    expect(screen.queryByText('Einstellungen speichern')).toBeNull();
  });

  it('shows admins the system settings form instead', async () => {
    const { client } = renderSettings('/settings?tab=system', aSessionUser({ role: 'admin' }));
    client.setQueryData(companyKeys.settings, {
      default_hourly_rate: 95,
      currency: 'CHF',
      language: 'de',
      timezone: 'Europe/Zurich',
      auto_approve_time_entries: false,
      auto_approve_material_usage: false,
      require_project_notes: false,
      auto_calculate_surcharges: true,
      saturday_surcharge: 25,
      sunday_surcharge: 50,
      night_surcharge: 25,
      company_iban: null,
      vat_number: null,
      vat_rate: 8.1,
      payment_terms: 30,
    });
    expect(await screen.findByText('Einstellungen speichern')).toBeTruthy();
    expect(screen.queryByText('Administratorberechtigung erforderlich')).toBeNull();
    expect(screen.getByText(/der höchste Zuschlag gilt/)).toBeTruthy();
  });

  describe('position at timer start and stop (gps_enabled)', () => {
    afterEach(() => {
      jest.restoreAllMocks();
    });
    const label = 'Standort bei Start und Stopp der Zeiterfassung erfassen';

    it('is off by default with its hint; switching it on saves gps_enabled: true', async () => {
      const put = jest
        .spyOn(api, 'put')
        .mockImplementation((_path, body) => Promise.resolve({ ...DEFAULT_COMPANY_SETTINGS, ...(body as object) }));
      const { client } = renderSettings('/settings?tab=system', aSessionUser({ role: 'admin' }));
      client.setQueryData(companyKeys.settings, { ...DEFAULT_COMPANY_SETTINGS });
      const toggle = await screen.findByRole('switch', { name: label });
      expect(toggle.getAttribute('aria-checked')).toBe('false');
      const hint = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
      expect(hint?.textContent).toMatch(/je einmal erfasst, nie dazwischen/);

      fireEvent.click(toggle);
      await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
      fireEvent.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
      await waitFor(() => expect(put).toHaveBeenCalled());
      expect(put.mock.calls[0]![0]).toBe('/companies/settings');
      expect(put.mock.calls[0]![1]).toMatchObject({ gps_enabled: true, auto_calculate_surcharges: true });
    });

    it('shows it on when the company allows it; switching it off saves gps_enabled: false', async () => {
      const put = jest
        .spyOn(api, 'put')
        .mockImplementation((_path, body) => Promise.resolve({ ...DEFAULT_COMPANY_SETTINGS, ...(body as object) }));
      const { client } = renderSettings('/settings?tab=system', aSessionUser({ role: 'admin' }));
      client.setQueryData(companyKeys.settings, { ...DEFAULT_COMPANY_SETTINGS, gps_enabled: true });
      const toggle = await screen.findByRole('switch', { name: label });
      await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
      fireEvent.click(toggle);
      fireEvent.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
      await waitFor(() => expect(put).toHaveBeenCalled());
      expect(put.mock.calls[0]![1]).toMatchObject({ gps_enabled: false });
    });
  });
  describe('working time and labour law (issue 24)', () => {
    afterEach(() => {
      jest.restoreAllMocks();
    });

    it('shows the defaults of an older answer and saves canton, precise mode, night window, maximum and retention', async () => {
      const put = jest
        .spyOn(api, 'put')
        .mockImplementation((_path, body) => Promise.resolve({ ...DEFAULT_COMPANY_SETTINGS, ...(body as object) }));
      const { client } = renderSettings('/settings?tab=system', aSessionUser({ role: 'admin' }));
      client.setQueryData(companyKeys.settings, { ...DEFAULT_COMPANY_SETTINGS });
      const card = (await screen.findByText('Arbeitszeit und Arbeitsgesetz')).closest('.ant-card') as HTMLElement;
      expect(within(card).getByText('Kein Kanton (nur 1. August)')).toBeTruthy();
      expect(within(card).getByText(/45 Stunden \(Industrie/)).toBeTruthy();
      const nightStart = within(card).getByLabelText(/^Nachtarbeit ab/) as HTMLInputElement;
      expect(nightStart.value).toBe('23:00');
      expect(nightStart.disabled).toBe(true);

      fireEvent.mouseDown(within(card).getByLabelText(/^Kanton/));
      fireEvent.change(within(card).getByLabelText(/^Kanton/), { target: { value: 'Zür' } });
      fireEvent.click(await screen.findByTitle('ZH – Zürich'));
      fireEvent.click(within(card).getByLabelText(/Nur die Minuten im Nachtfenster/));
      await waitFor(() => expect(nightStart.disabled).toBe(false));
      fireEvent.change(nightStart, { target: { value: '22:30' } });
      fireEvent.change(within(card).getByLabelText(/^Standorte aufbewahren/), { target: { value: '30' } });
      fireEvent.click(within(card).getByRole('button', { name: 'Arbeitszeit-Einstellungen speichern' }));
      await waitFor(() => expect(put).toHaveBeenCalled());
      expect(put.mock.calls[0]![0]).toBe('/companies/settings');
      expect(put.mock.calls[0]![1]).toEqual({
        canton: 'ZH',
        surcharge_mode: 'precise',
        night_start: '22:30',
        night_end: '06:00',
        weekly_max_hours: 45,
        gps_retention_days: 30,
      });
    });

    it('refuses a night start that is no time with the contract’s message', async () => {
      const put = jest.spyOn(api, 'put');
      const { client } = renderSettings('/settings?tab=system', aSessionUser({ role: 'admin' }));
      client.setQueryData(companyKeys.settings, { ...DEFAULT_COMPANY_SETTINGS, surcharge_mode: 'precise' });
      const card = (await screen.findByText('Arbeitszeit und Arbeitsgesetz')).closest('.ant-card') as HTMLElement;
      fireEvent.change(within(card).getByLabelText(/^Nachtarbeit ab/), { target: { value: '25:00' } });
      fireEvent.click(within(card).getByRole('button', { name: 'Arbeitszeit-Einstellungen speichern' }));
      expect(
        await within(card).findByText('Beginn der Nachtarbeit muss eine Uhrzeit im Format HH:MM sein'),
      ).toBeTruthy();
      expect(put).not.toHaveBeenCalled();
    });
  });
});
