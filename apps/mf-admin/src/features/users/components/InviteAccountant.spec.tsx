import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { InvitationDto, UserDto } from '@zunft/contracts';
import { api } from '@zunft/web-common';
import { aUser, renderWithProviders, testQueryClient } from '../../../test/render';
import { usersKeys } from '../api/useUsers';
import { UsersScreen } from './UsersScreen';

const pending: InvitationDto = {
  id: 'i0000001-0000-4000-8000-000000000001',
  email: 'tina@treuhand.ch',
  role: 'accountant',
  state: 'pending',
  createdAt: '2026-11-28T09:00:00.000Z',
  expiresAt: '2026-12-05T09:00:00.000Z',
  acceptedAt: null,
};

afterEach(() => {
  jest.restoreAllMocks();
});

function renderScreen(invitations: InvitationDto[]) {
  const client = testQueryClient();
  client.setQueryData<UserDto[]>(usersKeys.list(), [
    aUser({ id: 'me' }),
    aUser({ id: 'fid', role: 'accountant', email: 'fritz@treuhand.ch', linked_account: true }),
  ]);
  client.setQueryData<InvitationDto[]>(['admin', 'users', 'invitations'], invitations);
  renderWithProviders(<UsersScreen currentUserId="me" renderHeader={(button) => button} />, { client });
}

describe('«Treuhänder einladen» on the users screen (issue 26)', () => {
  it('sends the address as an accountant invitation', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(() => Promise.resolve(pending as never));
    jest.spyOn(api, 'get').mockImplementation(() => Promise.resolve([pending] as never));
    renderScreen([]);
    fireEvent.click(screen.getByRole('button', { name: /Treuhänder einladen/ }));
    const dialog = await screen.findByRole('dialog');
    // its own field id: the user form's «E-Mail» label must keep pointing at the user form's input
    expect(dialog.querySelector('input')!.id).toBe('invite_email');
    fireEvent.change(dialog.querySelector('input')!, { target: { value: 'tina@treuhand.ch' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Einladung senden' }));
    });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/users/invitations', { email: 'tina@treuhand.ch', role: 'accountant' }),
    );
  });

  it('a bad address gets the schema’s German message and sends nothing', async () => {
    const post = jest.spyOn(api, 'post');
    renderScreen([]);
    fireEvent.click(screen.getByRole('button', { name: /Treuhänder einladen/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input')!, { target: { value: 'kein-mail' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Einladung senden' }));
    });
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('lists open invitations with «Zurückziehen» and marks a linked fiduciary', async () => {
    const del = jest
      .spyOn(api, 'delete')
      .mockImplementation(() => Promise.resolve({ ...pending, state: 'revoked' } as never));
    jest.spyOn(api, 'get').mockImplementation(() => Promise.resolve([pending] as never));
    renderScreen([pending]);
    expect(screen.getByText('tina@treuhand.ch')).toBeTruthy();
    expect(screen.getByText('Offen')).toBeTruthy();
    expect(screen.getAllByText('Zugang aus eigenem Konto').length).toBeGreaterThan(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Zurückziehen' }));
    });
    expect(del).toHaveBeenCalledWith(`/users/invitations/${pending.id}`);
  });
});
