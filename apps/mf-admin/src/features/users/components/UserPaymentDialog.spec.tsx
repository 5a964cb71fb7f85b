import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { PaymentCalculation } from '@zunft/contracts';
import '../../../i18n';
import { UserPaymentDialog, type PaymentDialogState } from './UserPaymentDialog';

const calculation: PaymentCalculation = {
  description: 'Zusätzlicher Mitarbeiter, anteilig für 16 Tage bis 01.04.2026',
  billing_cycle: 'monthly',
  price_per_user: 12.5,
  days_remaining: 16,
  daily_rate: 0.4032,
  prorata_amount: 6.45,
  next_billing_date: '2026-04-01',
};
const state = (over: Partial<PaymentDialogState> = {}): PaymentDialogState => ({
  userId: 'u-4',
  name: 'Vera Viert',
  calculation,
  pendingNew: true,
  ...over,
});

describe('UserPaymentDialog', () => {
  it("shows the server's pro-rata calculation and pays by card", () => {
    const onPay = jest.fn();
    render(
      <UserPaymentDialog
        state={state()}
        paying={false}
        cancelling={false}
        error={null}
        onPay={onPay}
        onCancel={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Zahlung für zusätzlichen Mitarbeiter')).toBeTruthy();
    expect(within(dialog).getByText(/Vera Viert braucht einen zusätzlichen bezahlten Platz/)).toBeTruthy();
    expect(within(dialog).getByTestId('prorata-amount').textContent).toMatch(/6\.45/);
    expect(within(dialog).getByText('16')).toBeTruthy();
    expect(within(dialog).getByText('01.04.2026')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Jetzt bezahlen' }));
    expect(onPay).toHaveBeenCalledWith('stripe');
  });

  it('offers to delete a just-created employee, shows the activation warning and the server error', () => {
    const onCancel = jest.fn();
    const { rerender } = render(
      <UserPaymentDialog
        state={state()}
        paying={false}
        cancelling={false}
        error={null}
        onPay={() => undefined}
        onCancel={onCancel}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen und Mitarbeiter löschen' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(
      <UserPaymentDialog
        state={state({ pendingNew: false, warning: 'Für die Aktivierung ist eine Zahlung erforderlich' })}
        paying={false}
        cancelling={false}
        error={null}
        onPay={() => undefined}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByText('Für die Aktivierung ist eine Zahlung erforderlich')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Abbrechen und Mitarbeiter löschen' })).toBeNull();
  });
});
