import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ChangePasswordRequest } from '@zunft/contracts';
import { ChangePasswordForm, canChangePassword } from './ChangePasswordForm';

const MISMATCH = 'Die Passwörter stimmen nicht überein';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
function submitButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Passwort ändern' }) as HTMLButtonElement;
}

describe('ChangePasswordForm', () => {
  it('says the passwords differ and keeps the button disabled until they match', async () => {
    const onSubmit = jest.fn<(body: ChangePasswordRequest) => Promise<boolean>>().mockResolvedValue(true);
    render(<ChangePasswordForm saving={false} onSubmit={onSubmit} />);

    fill('Aktuelles Passwort', 'altes-passwort');
    fill('Neues Passwort', 'geheim123');
    fill('Neues Passwort bestätigen', 'geheim124');

    expect(await screen.findByText(MISMATCH)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);

    fill('Neues Passwort bestätigen', 'geheim123');
    await waitFor(() => expect(screen.queryByText(MISMATCH)).toBeNull());
    expect(submitButton().disabled).toBe(false);

    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ currentPassword: 'altes-passwort', newPassword: 'geheim123' }),
    );
  });

  it('needs at least 6 characters and the current password', () => {
    expect(canChangePassword({ currentPassword: 'x', newPassword: 'abc12', confirmPassword: 'abc12' })).toBe(false);
    expect(canChangePassword({ currentPassword: '', newPassword: 'abc123', confirmPassword: 'abc123' })).toBe(false);
    expect(canChangePassword({ currentPassword: 'x', newPassword: 'abc123', confirmPassword: 'abc124' })).toBe(false);
    expect(canChangePassword({ currentPassword: 'x', newPassword: 'abc123', confirmPassword: 'abc123' })).toBe(true);
  });

  it('tells the user that other sessions end', () => {
    render(<ChangePasswordForm saving={false} onSubmit={() => Promise.resolve(true)} />);
    expect(screen.getByText('Nach der Änderung werden alle anderen Sitzungen abgemeldet.')).toBeTruthy();
  });
});
