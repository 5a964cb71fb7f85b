import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CraftsmanCategoryDto } from '@zunft/contracts';
import { setLanguage } from '@zunft/web-common';
import { aUser, renderWithProviders, testQueryClient } from '../../../test/render';
import { usersKeys } from '../api/useUsers';
import { UserFormModal, type UserFormResult } from './UserFormModal';

function renderForm(props: Partial<Parameters<typeof UserFormModal>[0]> = {}) {
  const onSubmit = jest.fn<(result: UserFormResult) => void>();
  const client = testQueryClient();
  client.setQueryData<CraftsmanCategoryDto[]>(usersKeys.categories(), [{ id: 'c1', name: 'Elektriker' }]);
  renderWithProviders(
    <UserFormModal open user={null} saving={false} onCancel={() => undefined} onSubmit={onSubmit} {...props} />,
    { client },
  );
  return onSubmit;
}

const dialog = () => screen.getByRole('dialog');
const type = (label: RegExp, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

describe("UserFormModal: the new user's language", () => {
  afterEach(() => setLanguage('de'));

  it("starts with the company's language and sends the chosen one with POST /users", async () => {
    const onSubmit = renderForm({ companyLanguage: 'fr' });
    expect(within(dialog()).getByText('Sprache')).toBeTruthy();
    expect(within(dialog()).getByText('Französisch')).toBeTruthy();

    type(/Vorname/, 'Anna');
    type(/Nachname/, 'Muster');
    type(/E-Mail/, 'anna@example.ch');
    type(/Passwort/, 'Geheim123!');
    fireEvent.click(screen.getByRole('button', { name: /Erstellen|Benutzer erstellen/ }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const result = onSubmit.mock.calls[0]![0];
    expect(result.mode).toBe('create');
    expect(result.body).toMatchObject({ firstName: 'Anna', email: 'anna@example.ch', language: 'fr' });
  });

  it("the edit dialog shows the user's language and sends a changed one with PUT /users/{id}", async () => {
    const onSubmit = renderForm({ user: aUser({ id: 'u2', language: 'it' }), companyLanguage: 'de' });
    expect(within(dialog()).getByText('Sprache')).toBeTruthy();
    expect(within(dialog()).getByText('Italienisch')).toBeTruthy();
    const item = within(dialog()).getByText('Sprache').closest('.ant-form-item') as HTMLElement;
    fireEvent.mouseDown(within(item).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Französisch'));
    fireEvent.click(screen.getByRole('button', { name: /Speichern/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const result = onSubmit.mock.calls[0]![0];
    expect(result.mode).toBe('edit');
    expect(result.body).toMatchObject({ language: 'fr' });
  });

  it('a French admin sees the labels and the required message in French', async () => {
    setLanguage('fr');
    const onSubmit = renderForm({ companyLanguage: 'de' });
    expect(within(dialog()).getByText('Langue')).toBeTruthy();
    expect(within(dialog()).getByText('Allemand')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Créer/ }));
    const messages = await within(dialog()).findAllByText(/saisie obligatoire/);
    expect(messages.length).toBeGreaterThan(0);
    expect(within(dialog()).queryByText(/ist erforderlich/)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('UserFormModal: employment figures of the working-time account (issue 24)', () => {
  it('edit shows the defaults of an older answer and sends changed figures with PUT /users/{id}', async () => {
    const onSubmit = renderForm({ user: aUser({ id: 'u2', created_at: '2025-03-14T09:30:00.000Z' }) });
    const pensum = within(dialog()).getByLabelText(/^Pensum/) as HTMLInputElement;
    expect(pensum.value).toBe('100');
    expect((within(dialog()).getByLabelText(/^Wochenstunden bei 100 %/) as HTMLInputElement).value).toBe('42.50');
    expect((within(dialog()).getByLabelText(/^Ferientage pro Jahr/) as HTMLInputElement).value).toBe('20.0');
    expect((within(dialog()).getByLabelText(/^Eintrittsdatum/) as HTMLInputElement).value).toBe('14.03.2025');
    fireEvent.change(pensum, { target: { value: '80' } });
    fireEvent.change(within(dialog()).getByLabelText(/^Ferientage pro Jahr/), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: /Speichern/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].body).toMatchObject({
      pensum: 80,
      weekly_hours: 42.5,
      holiday_days_per_year: 25,
      employment_start: '2025-03-14',
    });
  });

  it('a pensum off the half-percent steps is refused with the contract’s message', async () => {
    const onSubmit = renderForm({ user: aUser({ id: 'u2' }) });
    fireEvent.change(within(dialog()).getByLabelText(/^Pensum/), { target: { value: '82.3' } });
    fireEvent.click(screen.getByRole('button', { name: /Speichern/ }));
    expect(await within(dialog()).findByText('Pensum: in Schritten von 0.5 %')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the create dialog has no employment fields (the server starts with the defaults)', () => {
    renderForm();
    expect(within(dialog()).queryByLabelText(/^Pensum/)).toBeNull();
  });
});
