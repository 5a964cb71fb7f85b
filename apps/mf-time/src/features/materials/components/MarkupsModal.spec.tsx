import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { materialsApi } from '../api/materials.api';
import { MarkupsModal, markupRows } from './MarkupsModal';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('markupRows', () => {
  it("'*' first, then the catalogue's groups and those with a markup, each once, by name", () => {
    expect(
      markupRows(
        ['Kabel', 'Dosen', 'Kabel', ''],
        [
          { product_group: 'Rohre', percent: 30 },
          { product_group: 'Kabel', percent: 25 },
          { product_group: '*', percent: 20 },
        ],
      ),
    ).toEqual([
      { group: '*', percent: 20 },
      { group: 'Dosen', percent: null },
      { group: 'Kabel', percent: 25 },
      { group: 'Rohre', percent: 30 },
    ]);
  });
});

describe('MarkupsModal (issue 29)', () => {
  it('lists every product group of the catalogue (server) with its count and markup, edits one and saves only the groups with a value', async () => {
    jest.spyOn(materialsApi, 'markups').mockResolvedValue([
      { product_group: '*', percent: 20 },
      { product_group: 'Kabel', percent: 25 },
    ]);
    // The whole catalogue's groups, not those of a page (issue 29).
    const groups = jest.spyOn(materialsApi, 'productGroups').mockResolvedValue([
      { product_group: 'Dosen', material_count: 1 },
      { product_group: 'Kabel', material_count: 12 },
    ]);
    const save = jest.spyOn(materialsApi, 'setMarkups').mockResolvedValue([]);
    const onClose = jest.fn();
    renderWithProviders(<MarkupsModal open onClose={onClose} />);
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await screen.findByText('Zuschläge je Warengruppe')).toBeTruthy();
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    await waitFor(() => expect(field('Kabel').value).toBe('25.00'));
    expect(groups).toHaveBeenCalledTimes(1);
    expect(field('Alle übrigen Warengruppen').value).toBe('20.00');
    expect(field('Dosen').value).toBe('');
    expect(screen.getByText('12 Artikel')).toBeTruthy();
    expect(screen.getByText('1 Artikel')).toBeTruthy();

    fireEvent.change(field('Dosen'), { target: { value: '12.5' } });
    fireEvent.blur(field('Dosen'));
    fireEvent.change(field('Kabel'), { target: { value: '' } });
    fireEvent.blur(field('Kabel'));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toEqual({
      markups: [
        { productGroup: '*', percent: 20 },
        { productGroup: 'Dosen', percent: 12.5 },
      ],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 60_000);
});
