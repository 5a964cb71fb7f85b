import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import type { CraftsmanCategoryDto, UserDto } from '@zunft/contracts';
import { LocationProbe, aUser, renderWithProviders, testQueryClient } from '../../../test/render';
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
});
