import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ExpenseDto, ProjectDto } from '@zunft/contracts';
import { toast, type ToastMessage } from '@zunft/web-common';
import { renderWithProviders } from '../../../test/render';
import { ExpenseFormModal } from './ExpenseFormModal';
import { aProject, anExpense, mockFetch, type FetchCall } from './testData';

const pad = (n: number) => String(n).padStart(2, '0');
const today = () => {
  const d = new Date();
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
};

let restore: (() => void) | null = null;
let unsubscribe: (() => void) | null = null;
afterEach(() => {
  restore?.();
  unsubscribe?.();
  restore = unsubscribe = null;
});

function setup({
  expense = null,
  projects = [aProject],
  answer = { status: 201, body: anExpense() },
}: {
  expense?: ExpenseDto | null;
  projects?: ProjectDto[];
  answer?: { status: number; body?: unknown };
} = {}): { calls: FetchCall[]; toasts: ToastMessage[] } {
  const mock = mockFetch(() => answer);
  restore = mock.restore;
  const toasts: ToastMessage[] = [];
  unsubscribe = toast.subscribe((m) => toasts.push(m));
  renderWithProviders(<ExpenseFormModal open expense={expense} projects={projects} onClose={() => undefined} />);
  return { calls: mock.calls, toasts };
}

const formOf = (call: FetchCall | undefined) => {
  const form = call?.body as FormData;
  return Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]));
};

describe('ExpenseFormModal (part 2 §5)', () => {
  it('requires category, description and amount; the date defaults to today; receipt hint shown', async () => {
    const { calls } = setup();
    expect((await screen.findByRole('dialog')).textContent).toContain('Neue Spese');
    expect((screen.getByLabelText('Datum') as HTMLInputElement).value).toBe(today());
    expect(screen.getByText('JPG, PNG oder PDF, max. 10 MB')).toBeTruthy();
    expect(screen.getByLabelText('Projekt (optional)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    expect(await screen.findByText('Kategorie ist erforderlich')).toBeTruthy();
    expect(screen.getByText('Beschreibung ist erforderlich')).toBeTruthy();
    expect(screen.getByText('Betrag ist erforderlich')).toBeTruthy();
    expect(calls).toEqual([]);
  }, 60_000);

  it('refuses an amount below 0.01 and a receipt of another type; no project field without projects', async () => {
    setup({ projects: [] });
    await screen.findByRole('dialog');
    expect(screen.queryByLabelText('Projekt (optional)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Betrag (CHF)'), { target: { value: '0' } });
    const receipt = screen.getByLabelText('Beleg') as HTMLInputElement;
    expect(receipt.type).toBe('file');
    const text = new File(['nur Text'], 'notizen.txt', { type: 'text/plain' });
    fireEvent.change(receipt, { target: { files: [text] } });
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    expect(await screen.findByText('Der Betrag muss mindestens CHF 0.01 sein')).toBeTruthy();
    expect(await screen.findByText('Ungültiger Dateityp. Erlaubt: JPG, PNG oder PDF')).toBeTruthy();
  }, 60_000);

  it('creates: sends multipart with the receipt and says «Spese erstellt!»', async () => {
    const { calls, toasts } = setup();
    await screen.findByRole('dialog');
    fireEvent.mouseDown(screen.getByLabelText('Kategorie'));
    fireEvent.click(await screen.findByTitle('Verpflegung'));
    fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: ' Mittagessen Baustelle ' } });
    fireEvent.change(screen.getByLabelText('Betrag (CHF)'), { target: { value: '18.9' } });
    const pdf = new File(['%PDF-1.7'], 'quittung.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Beleg'), { target: { files: [pdf] } });
    expect(await screen.findByText('Ausgewählt: quittung.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(toasts.map((m) => [m.type, m.text])).toContainEqual(['success', 'Spese erstellt!']));
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('/api/expenses');
    const d = new Date();
    expect(formOf(calls[0])).toEqual({
      category: 'meals',
      description: 'Mittagessen Baustelle',
      amount: '18.90',
      expenseDate: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      projectId: '',
      receipt: 'quittung.pdf',
    });
  }, 60_000);

  it('edits: PUT with the values, may remove the receipt, says «Spese aktualisiert!»', async () => {
    const expense = anExpense();
    const { calls, toasts } = setup({ expense, answer: { status: 200, body: expense } });
    expect((await screen.findByRole('dialog')).textContent).toContain('Spese bearbeiten');
    expect(screen.getByText('Aktueller Beleg: quittung.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Beleg entfernen/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Spese aktualisiert!'));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: `/api/expenses/${expense.id}` });
    expect(formOf(calls[0])).toEqual({
      category: 'transport',
      description: 'Zugticket Bern–Zürich',
      amount: '42.50',
      expenseDate: '2026-03-14',
      projectId: aProject.id,
      removeReceipt: 'true',
    });
  }, 60_000);

  it('a failed save shows the server text, else «Failed to save expense»', async () => {
    const { toasts } = setup({
      expense: anExpense(),
      answer: { status: 409, body: { error: 'Nur ausstehende Spesen können bearbeitet oder gelöscht werden' } },
    });
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(toasts.map((m) => m.text)).toContain('Nur ausstehende Spesen können bearbeitet oder gelöscht werden'),
    );
    restore?.();
    const second = mockFetch(() => ({ status: 500 }));
    restore = second.restore;
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Failed to save expense'));
  }, 60_000);
});
