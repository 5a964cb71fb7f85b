import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CraftsmanCategoryDto, UserDto } from '@zunft/contracts';
import { LocationProbe, aUser, renderWithProviders, testQueryClient } from '../../../test/render';
import { usersApi } from '../api/users.api';
import { usersKeys } from '../api/useUsers';
import { UsersScreen } from './UsersScreen';

describe('UsersScreen', () => {
  it('opens the create dialog for /users?action=create and removes the parameter', async () => {
    const client = testQueryClient();
    client.setQueryData<UserDto[]>(usersKeys.list(), [aUser({ id: 'me' })]);
    client.setQueryData<CraftsmanCategoryDto[]>(usersKeys.categories(), [{ id: 'c1', name: 'Elektriker' }]);

    renderWithProviders(
      <>
        <UsersScreen currentUserId="me" renderHeader={(button) => button} />
        <LocationProbe />
      </>,
      { route: '/users?action=create', client },
    );

    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Mindestens 6 Zeichen')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/users'));
  });

  it('shows 20 users a page under the table and pages through the whole list from GET /users', async () => {
    const client = testQueryClient();
    const users = Array.from({ length: 25 }, (_, i) =>
      aUser({
        id: `u${i + 1}`,
        first_name: 'Person',
        last_name: String(i + 1).padStart(2, '0'),
        email: `p${i + 1}@x.ch`,
      }),
    );
    client.setQueryData<UserDto[]>(usersKeys.list(), users);
    renderWithProviders(<UsersScreen currentUserId="u1" renderHeader={(button) => button} />, {
      route: '/users',
      client,
    });

    const table = await screen.findByRole('table');
    // Header row and the 20 users of page 1.
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('p20@x.ch')).toBeTruthy();
    expect(screen.queryByText('p21@x.ch')).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('p25@x.ch')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6);
    expect(screen.queryByText('p1@x.ch')).toBeNull();
    // Row actions still name their user (e2e users-roles: «Deaktivieren: Person 21»).
    expect(screen.getByRole('button', { name: 'Deaktivieren: Person 21' })).toBeTruthy();
  });

  it('on a phone: one card per user, paged by the same control; 20 users need no pages', async () => {
    (globalThis as { __testWidth?: number }).__testWidth = 390;
    const client = testQueryClient();
    const users = Array.from({ length: 20 }, (_, i) => aUser({ id: `u${i + 1}`, email: `p${i + 1}@x.ch` }));
    client.setQueryData<UserDto[]>(usersKeys.list(), users);
    renderWithProviders(<UsersScreen currentUserId="u1" renderHeader={(button) => button} />, {
      route: '/users',
      client,
    });

    expect(await screen.findAllByRole('listitem')).toHaveLength(20);
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('a failed GET /users shows the error with a retry that loads the list', async () => {
    const list = jest
      .spyOn(usersApi, 'list')
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce([aUser({ id: 'u1', email: 'zurueck@x.ch' })]);
    renderWithProviders(<UsersScreen currentUserId="u1" renderHeader={(button) => button} />, { route: '/users' });

    const retry = await screen.findByRole('button', { name: 'Erneut versuchen' });
    expect(retry.closest('[role="alert"]')?.textContent).toContain('Fehler beim Laden der Benutzer');
    fireEvent.click(retry);
    expect(await screen.findByText('zurueck@x.ch')).toBeTruthy();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('an empty company shows the first-user hint', async () => {
    const client = testQueryClient();
    client.setQueryData<UserDto[]>(usersKeys.list(), []);
    renderWithProviders(<UsersScreen currentUserId="me" renderHeader={(button) => button} />, {
      route: '/users',
      client,
    });

    expect(await screen.findByText('Keine Benutzer')).toBeTruthy();
    expect(screen.getByText('Legen Sie den ersten Benutzer an.')).toBeTruthy();
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { __testWidth?: number }).__testWidth;
});
