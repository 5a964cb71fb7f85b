import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { aUser } from '../../../test/render';
import { DeleteUserModal, deleteConfirmationText } from './DeleteUserModal';

function confirmButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Endgültig löschen' }) as HTMLButtonElement;
}

function type(text: string) {
  fireEvent.change(screen.getByLabelText(/vollständigen Namen/), { target: { value: text } });
}

describe('DeleteUserModal', () => {
  const user = aUser({ id: 'u-2', first_name: 'Beat', last_name: 'Müller-Graf' });

  it('enables the confirm button only for the exact "<first> <last>"', () => {
    const onConfirm = jest.fn();
    render(<DeleteUserModal user={user} deleting={false} onCancel={() => undefined} onConfirm={onConfirm} />);

    expect(confirmButton().disabled).toBe(true);
    for (const wrong of [
      'Beat',
      'beat müller-graf',
      'Beat  Müller-Graf',
      ' Beat Müller-Graf',
      'Beat Müller-Graf ',
      'Müller-Graf Beat',
    ]) {
      type(wrong);
      expect(confirmButton().disabled).toBe(true);
    }

    type('Beat Müller-Graf');
    expect(confirmButton().disabled).toBe(false);
    fireEvent.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith(user);

    type('Beat Müller-Gra');
    expect(confirmButton().disabled).toBe(true);
  });

  it('does not confirm with Enter while the name does not match', () => {
    const onConfirm = jest.fn();
    render(<DeleteUserModal user={user} deleting={false} onCancel={() => undefined} onConfirm={onConfirm} />);
    type('Beat Müller');
    fireEvent.keyDown(screen.getByLabelText(/vollständigen Namen/), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('explains the anonymisation and names the expected text', () => {
    render(<DeleteUserModal user={user} deleting={false} onCancel={() => undefined} onConfirm={() => undefined} />);
    expect(screen.getByText(/werden aber anonymisiert/)).toBeTruthy();
    expect(deleteConfirmationText(user)).toBe('Beat Müller-Graf');
  });
});
