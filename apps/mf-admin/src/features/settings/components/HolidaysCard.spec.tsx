import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HolidayDto } from '@zunft/contracts';
import { api } from '@zunft/web-common';
import { renderWithProviders } from '../../../test/render';
import { HolidaysCard } from './HolidaysCard';

const year = new Date().getFullYear();
const holidays: HolidayDto[] = [
  { id: null, date: `${year}-08-01`, name: 'Bundesfeier', half_day: false, source: 'canton' },
  { id: null, date: `${year}-12-24`, name: 'Heiligabend', half_day: true, source: 'canton' },
  {
    id: 'h0000000-0000-4000-8000-000000000001',
    date: `${year}-09-07`,
    name: 'Chilbi',
    half_day: false,
    source: 'company',
  },
];

afterEach(() => {
  jest.restoreAllMocks();
});

describe('HolidaysCard (issue 24: the canton’s days and the company’s own)', () => {
  it('lists the year, lets the company add a day of its own and delete only its own days', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => Promise.resolve(holidays as never));
    const post = jest.spyOn(api, 'post').mockImplementation(() => Promise.resolve(holidays[2] as never));
    const del = jest.spyOn(api, 'delete').mockImplementation(() => Promise.resolve(undefined as never));
    renderWithProviders(<HolidaysCard />);
    expect(await screen.findByText('Bundesfeier')).toBeTruthy();
    expect(get.mock.calls[0]![0]).toBe(`/holidays?year=${year}`);
    const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    expect(row('Bundesfeier').textContent).toContain(`01.08.${year}`);
    expect(row('Bundesfeier').textContent).toContain('Kanton');
    expect(row('Heiligabend').textContent).toContain('Halber Tag');
    expect(within(row('Bundesfeier')).queryByRole('button', { name: 'Feiertag löschen' })).toBeNull();

    // A name is required (the contract's message).
    fireEvent.click(screen.getByRole('button', { name: /Hinzufügen/ }));
    expect(await screen.findByText('Name ist erforderlich')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sechseläuten' } });
    const date = screen.getByLabelText('Datum');
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: `20.04.${year}` } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByLabelText(/Nur Nachmittag frei/));
    fireEvent.click(screen.getByRole('button', { name: /Hinzufügen/ }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]).toEqual(['/holidays', { date: `${year}-04-20`, name: 'Sechseläuten', half_day: true }]);

    fireEvent.click(within(row('Chilbi')).getByRole('button', { name: 'Feiertag löschen' }));
    const confirm = await screen.findByText('Eigenen Feiertag «Chilbi» wirklich löschen?');
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /löschen/ }));
    await waitFor(() => expect(del).toHaveBeenCalledWith(`/holidays/${holidays[2]!.id}`));
  });

  it('the next year asks the server for that year', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => Promise.resolve([] as never));
    renderWithProviders(<HolidaysCard />);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Nächstes Jahr' }));
    await waitFor(() => expect(get.mock.calls.at(-1)![0]).toBe(`/holidays?year=${year + 1}`));
    expect(screen.getByText(`Feiertage ${year + 1}`)).toBeTruthy();
  });
});
