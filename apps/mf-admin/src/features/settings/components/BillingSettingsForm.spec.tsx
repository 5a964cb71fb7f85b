import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_COMPANY_SETTINGS } from '@zunft/contracts';
import { api } from '@zunft/web-common';
import { renderWithProviders } from '../../../test/render';
import { BillingSettingsForm } from './BillingSettingsForm';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('BillingSettingsForm: default interest from the due date (OR 102 para. 2)', () => {
  it('shows the setting off by default and saves it switched on', async () => {
    const put = jest
      .spyOn(api, 'put')
      .mockImplementation((_path, body) =>
        Promise.resolve({ ...DEFAULT_COMPANY_SETTINGS, ...(body as object) } as never),
      );
    renderWithProviders(
      <BillingSettingsForm settings={{ ...DEFAULT_COMPANY_SETTINGS, vat_number: 'CHE-116.281.710 MWST' }} />,
    );
    const toggle = screen.getByRole('switch', { name: /Verzugszins ab Fälligkeit/ });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/statt ab der ersten Mahnung/)).toBeTruthy();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: /Rechnungsangaben speichern/ }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0]![0]).toBe('/companies/settings');
    expect(put.mock.calls[0]![1]).toMatchObject({ interest_from_due_date: true, default_interest_enabled: false });
  });
});
