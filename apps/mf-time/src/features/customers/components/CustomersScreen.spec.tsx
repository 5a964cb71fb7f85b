import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CustomerDto } from '@zunft/contracts';
import { LocationProbe, renderWithProviders, testQueryClient } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { customersKeys } from '../api/useCustomers';
import { CustomersScreen } from './CustomersScreen';

function aCustomer(id: string, name: string, extra: Partial<CustomerDto> = {}): CustomerDto {
  return {
    id,
    name,
    contact_person: null,
    customer_number: `K-${id}`,
    email: null,
    phone: null,
    address: null,
    zip: null,
    city: null,
    language: 'de',
    notes: null,
    projects_count: 0,
    active_projects_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

function renderScreen(customers: CustomerDto[], route = '/customers') {
  const client = testQueryClient();
  client.setQueryData(customersKeys.list(), customers);
  const Session = signedInAs('backoffice');
  return renderWithProviders(
    <Session>
      <CustomersScreen />
      <LocationProbe />
    </Session>,
    { route, client },
  );
}

afterEach(() => {
  delete (globalThis as { __testWidth?: number }).__testWidth;
});

describe('CustomersScreen', () => {
  it('filters by the search box and says when nothing matches', async () => {
    renderScreen([
      aCustomer('1', 'Bäckerei Huber', { city: 'Bern', email: 'info@huber.ch' }),
      aCustomer('2', 'Garage Rossi', { city: 'Lugano', phone: '091 555 00 11' }),
    ]);
    const search = await screen.findByPlaceholderText('Kunden suchen...');
    fireEvent.change(search, { target: { value: 'lugano' } });
    expect(screen.getAllByText('Garage Rossi').length).toBeGreaterThan(0);
    expect(screen.queryByText('Bäckerei Huber')).toBeNull();
    fireEvent.change(search, { target: { value: 'Elektro' } });
    expect(screen.getByText('Keine Kunden gefunden.')).toBeTruthy();
  });

  it('shows the empty state with the first-customer hint', async () => {
    renderScreen([]);
    expect(await screen.findByText('Keine Kunden')).toBeTruthy();
    expect(screen.getByText('Erstellen Sie Ihren ersten Kunden.')).toBeTruthy();
  });

  it('shows the stat cards: total, active projects, with e-mail, with phone', async () => {
    renderScreen([
      aCustomer('1', 'A', { email: 'a@a.ch', phone: '1', active_projects_count: 2 }),
      aCustomer('2', 'B', { email: 'b@b.ch', active_projects_count: 1 }),
      aCustomer('3', 'C'),
    ]);
    const card = (title: string) => screen.getByText(title).closest('.ant-card')?.textContent;
    await screen.findByText('Kunden total');
    expect(card('Kunden total')).toContain('3');
    expect(card('Aktive Projekte')).toContain('3');
    expect(card('Mit E-Mail')).toContain('2');
    expect(card('Mit Telefon')).toContain('1');
  });

  it('?action=create opens the dialog, removes the parameter and requires the name', async () => {
    renderScreen([], '/customers?action=create');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('Neuer Kunde');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customers'));
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    expect(await screen.findByText('Firmenname / Name ist erforderlich')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'kein-mail' } });
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeTruthy();
  });

  it('the create dialog: 640 px wide, the name has the focus, and it opens empty again after a cancel', async () => {
    renderScreen([]);
    fireEvent.click((await screen.findAllByRole('button', { name: /Neuer Kunde/ }))[0]);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.style.width).toBe('640px');
    const name = screen.getByLabelText('Firmenname / Name') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: 'Garage Rossi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(screen.getAllByRole('button', { name: /Neuer Kunde/ })[0]);
    await waitFor(() => expect((screen.getByLabelText('Firmenname / Name') as HTMLInputElement).value).toBe(''));
  });

  it('on a phone (390 px) the dialog takes the full width', async () => {
    (globalThis as { __testWidth?: number }).__testWidth = 390;
    renderScreen([], '/customers?action=create');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.style.width).toBe('100%');
  });
});
