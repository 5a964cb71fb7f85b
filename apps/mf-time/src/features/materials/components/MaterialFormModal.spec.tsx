import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MaterialDto } from '@zunft/contracts';
import { aMaterial } from '../../../test/materials';
import { renderWithProviders } from '../../../test/render';
import { materialsApi } from '../api/materials.api';
import { MaterialFormModal } from './MaterialFormModal';

afterEach(() => {
  jest.restoreAllMocks();
});

function renderModal(material: MaterialDto | null) {
  return renderWithProviders(<MaterialFormModal open material={material} onClose={() => undefined} />);
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('MaterialFormModal: stock (part 1 §5)', () => {
  it('editing shows a stock left fractional by usage as it is (12.5, not 13) and saves it unchanged', async () => {
    const material = aMaterial({ id: 'm1', unit: 'kg', stock_quantity: 12.5, min_stock: 2, unit_price: 4 });
    const update = jest.spyOn(materialsApi, 'update').mockResolvedValue({ ...material, unit_price: 4.5 });
    renderModal(material);
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    await waitFor(() => expect(input('Lagerbestand').value).toBe('12.5'));

    fireEvent.change(input('Preis pro Einheit (CHF)'), { target: { value: '4.50' } });
    fireEvent.blur(input('Preis pro Einheit (CHF)'));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    // the unchanged stock is not sent: usage approved meanwhile must not be overwritten
    expect(update.mock.calls[0]![0]).toBe('m1');
    expect(update.mock.calls[0]![1]).toMatchObject({ unitPrice: 4.5 });
    expect(update.mock.calls[0]![1]).not.toHaveProperty('stockQuantity');
    expect(screen.queryByText('Lagerbestand muss eine ganze Zahl sein')).toBeNull();
  }, 60_000);

  it('editing refuses more than 2 decimals with the server’s message', async () => {
    const update = jest.spyOn(materialsApi, 'update');
    renderModal(aMaterial({ stock_quantity: 12.5 }));
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    await waitFor(() => expect(input('Lagerbestand').value).toBe('12.5'));
    fireEvent.change(input('Lagerbestand'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Lagerbestand: höchstens zwei Nachkommastellen')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  }, 60_000);

  it('creating starts with stock 0 in whole numbers', async () => {
    renderModal(null);
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(input('Lagerbestand').value).toBe('0');
    expect(input('Mindestbestand').value).toBe('0');
  }, 60_000);
});
