import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ExpenseDto, ProjectDto } from '@zunft/contracts';
import { toast, type ToastMessage } from '@zunft/web-common';
import { renderWithProviders } from '../../../test/render';
import { ExpenseFormModal } from './ExpenseFormModal';
import type { ImageShrinker } from './receiptShrink';
import { aProject, anExpense, mockFetch, type FetchCall } from './testData';

const pad = (n: number) => String(n).padStart(2, '0');
const today = () => {
  const d = new Date();
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
};

let restore: (() => void) | null = null;
/** The project searches the dialog sent, as their query parameters. */
const projectCalls: Record<string, string>[] = [];
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
  shrinkImage,
}: {
  expense?: ExpenseDto | null;
  projects?: ProjectDto[];
  answer?: { status: number; body?: unknown } | (() => { status: number; body?: unknown });
  shrinkImage?: ImageShrinker;
} = {}): { calls: FetchCall[]; toasts: ToastMessage[]; close: () => void; open: () => void } {
  // The calls besides the project search (the saves the tests look at).
  const calls: FetchCall[] = [];
  projectCalls.length = 0;
  const mock = mockFetch((method, url, body) => {
    if (method === 'GET' && url.startsWith('/api/projects?')) {
      projectCalls.push(Object.fromEntries(new URLSearchParams(url.split('?')[1])));
      // The server's search: title, number, customer name; the first page of 20.
      const needle = (new URLSearchParams(url.split('?')[1]).get('search') ?? '').toLowerCase();
      const items = projects.filter((p) =>
        [p.title, p.project_number, p.customer_name].some((v) => (v ?? '').toLowerCase().includes(needle)),
      );
      return { status: 200, body: { items: items.slice(0, 20), total: items.length, page: 1, pageSize: 20 } };
    }
    calls.push({ method, url, body });
    return typeof answer === 'function' ? answer() : answer;
  });
  restore = mock.restore;
  const toasts: ToastMessage[] = [];
  unsubscribe = toast.subscribe((m) => toasts.push(m));
  const modal = (open: boolean) => (
    <ExpenseFormModal
      open={open}
      expense={expense}
      onClose={() => undefined}
      {...(shrinkImage ? { shrinkImage } : {})}
    />
  );
  const { rerender } = renderWithProviders(modal(true));
  return { calls, toasts, close: () => rerender(modal(false)), open: () => rerender(modal(true)) };
}

const MB = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const photo = (name: string, size: number, type = 'image/png') => new File([new Uint8Array(size)], name, { type });
const jpeg = (size: number) => new Blob([new Uint8Array(size)], { type: 'image/jpeg' });
const sentReceipt = (call: FetchCall | undefined) => (call?.body as FormData).get('receipt') as File;

async function fillRequired() {
  await screen.findByRole('dialog');
  fireEvent.mouseDown(screen.getByLabelText('Kategorie'));
  fireEvent.click(await screen.findByTitle('Unterkunft'));
  fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: 'Hotel Luzern' } });
  fireEvent.change(screen.getByLabelText('Betrag (CHF)'), { target: { value: '180' } });
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
    expect(await screen.findByLabelText('Projekt (optional)')).toBeTruthy();
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

  it('the project select asks the server for 20 matches, searches there (debounced) and keeps the expense’s project labelled', async () => {
    const others = Array.from({ length: 3 }, (_, i) => ({
      ...aProject,
      id: `b0c1e2f3-0000-4000-8000-00000000000${i}`,
      title: `Umbau ${i}`,
      project_number: `P-2026-01${i}`,
    }));
    setup({ expense: anExpense(), projects: others, answer: { status: 200, body: anExpense() } });
    const select = await screen.findByLabelText('Projekt (optional)');
    await waitFor(() => expect(projectCalls[0]).toEqual({ page: '1', pageSize: '20' }));
    // The expense's project is not among the first matches, yet its title is shown.
    await waitFor(() => expect(select.closest('.ant-select')?.textContent).toContain(aProject.title));
    fireEvent.change(select, { target: { value: 'Umbau 2' } });
    await waitFor(() => expect(projectCalls.at(-1)).toEqual({ search: 'Umbau 2', page: '1', pageSize: '20' }));
    expect(projectCalls.filter((c) => c.search !== undefined)).toHaveLength(1);
    expect(await screen.findByTitle('Umbau 2 · P-2026-012')).toBeTruthy();
  }, 60_000);

  it('creates: sends multipart with the receipt and says «Spese erstellt!»', async () => {
    const shrinkImage = jest.fn<ImageShrinker>();
    const { calls, toasts } = setup({ shrinkImage });
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
      vatIncluded: 'false',
      vatRate: '',
      receipt: 'quittung.pdf',
      id: expect.stringMatching(UUID),
    });
    // A PDF is sent as chosen.
    expect(shrinkImage).not.toHaveBeenCalled();
  }, 60_000);

  it('shrinks a photo before the upload: a 12 MB PNG goes out as a 1 MB JPEG under its name', async () => {
    const shrinkImage = jest.fn<ImageShrinker>(async () => jpeg(MB));
    const { calls, toasts } = setup({ shrinkImage });
    await fillRequired();
    const original = photo('IMG_0815.png', 12 * MB);
    fireEvent.change(screen.getByLabelText('Beleg'), { target: { files: [original] } });
    expect(await screen.findByText('Ausgewählt: IMG_0815.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Spese erstellt!'));
    expect(shrinkImage).toHaveBeenCalledWith(original, { maxSide: 2000, quality: 0.8 });
    expect(calls).toHaveLength(1);
    const sent = sentReceipt(calls[0]);
    expect([sent.name, sent.type, sent.size]).toEqual(['IMG_0815.jpg', 'image/jpeg', MB]);
  }, 60_000);

  it('a photo that cannot be shrunk goes out as chosen, and over 10 MB it is refused', async () => {
    const { calls, toasts } = setup({ shrinkImage: async () => null });
    await fillRequired();
    fireEvent.change(screen.getByLabelText('Beleg'), { target: { files: [photo('scan.jpg', 12 * MB, 'image/jpeg')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    expect(await screen.findByText('Der Beleg ist zu gross. Maximale Grösse: 10 MB')).toBeTruthy();
    expect(calls).toEqual([]);

    const small = photo('scan.jpg', 3 * MB, 'image/jpeg');
    fireEvent.change(screen.getByLabelText('Beleg'), { target: { files: [small] } });
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Spese erstellt!'));
    const sent = sentReceipt(calls[0]);
    expect([sent.name, sent.type, sent.size]).toEqual(['scan.jpg', 'image/jpeg', 3 * MB]);
  }, 60_000);

  it('saves once: while the photo is shrunk the button loads and is disabled, Enter is ignored', async () => {
    let finish: (blob: Blob) => void = () => undefined;
    const shrinkImage = jest.fn<ImageShrinker>(() => new Promise((resolve) => (finish = resolve)));
    const { calls, toasts } = setup({ shrinkImage });
    await fillRequired();
    fireEvent.change(screen.getByLabelText('Beleg'), { target: { files: [photo('IMG_1.jpg', 4 * MB, 'image/jpeg')] } });
    // A double click, both before the dialog re-renders.
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(shrinkImage).toHaveBeenCalledTimes(1));
    const ok = await waitFor(() => {
      const button = screen.getByRole('button', { name: /Erstellen/ }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.className).toContain('ant-btn-loading');
      return button;
    });
    fireEvent.click(ok);
    // Enter in a field still submits the form: validated, then ignored while busy.
    const dialog = screen.getByRole('dialog');
    fireEvent.submit(dialog.querySelector('form')!);
    expect(dialog.querySelector('.ant-form-item-is-validating')).not.toBeNull();
    await waitFor(() => expect(dialog.querySelector('.ant-form-item-is-validating')).toBeNull());
    expect(shrinkImage).toHaveBeenCalledTimes(1);
    finish(jpeg(500 * 1024));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Spese erstellt!'));
    expect(shrinkImage).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(sentReceipt(calls[0]).size).toBe(500 * 1024);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Erstellen' }) as HTMLButtonElement).disabled).toBe(false),
    );
  }, 60_000);

  it('closing the dialog while the photo is shrunk sends nothing', async () => {
    let finish: (blob: Blob) => void = () => undefined;
    const shrinkImage = jest.fn<ImageShrinker>(() => new Promise((resolve) => (finish = resolve)));
    const { calls, toasts, close } = setup({ shrinkImage });
    await fillRequired();
    fireEvent.change(screen.getByLabelText('Beleg'), { target: { files: [photo('IMG_2.jpg', 4 * MB, 'image/jpeg')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(shrinkImage).toHaveBeenCalledTimes(1));
    close();
    await act(async () => {
      finish(jpeg(500 * 1024));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(calls).toEqual([]);
    expect(toasts).toEqual([]);
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
      vatIncluded: 'false',
      vatRate: '',
      removeReceipt: 'true',
    });
  }, 60_000);

  it('an amount with VAT included: the rate is asked, the net amount shown and both sent (108.10 incl. 8.1 % → 100.00)', async () => {
    const { calls, toasts } = setup({
      answer: { status: 201, body: anExpense({ vat_included: true, vat_rate: 8.1 }) },
    });
    await screen.findByRole('dialog');
    fireEvent.mouseDown(screen.getByLabelText('Kategorie'));
    fireEvent.click(await screen.findByTitle('Unterkunft'));
    fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: 'Hotel Bern' } });
    fireEvent.change(screen.getByLabelText('Betrag (CHF)'), { target: { value: '108.1' } });
    expect(screen.queryByLabelText('MWST-Satz des Belegs')).toBeNull();
    fireEvent.click(screen.getByLabelText('Betrag inkl. MWST'));
    expect(await screen.findByText('Verrechnet wird netto: CHF 100.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Spese erstellt!'));
    expect(formOf(calls[0])).toMatchObject({ amount: '108.10', vatIncluded: 'true', vatRate: '8.1' });
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

  it('a retried save sends the same id (form field); the dialog opened again sends a new one', async () => {
    const answers = [{ status: 504 }, { status: 201, body: anExpense() }, { status: 201, body: anExpense() }];
    const { calls, toasts, close, open } = setup({ answer: () => answers.shift()! });
    const idOf = (n: number) => (calls[n]?.body as FormData | undefined)?.get('id');

    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(toasts.map((m) => m.type)).toEqual(['error']));
    // the answer was lost: saving again sends the same id
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Spese erstellt!'));
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST']);
    expect(idOf(0)).toMatch(UUID);
    expect(idOf(1)).toBe(idOf(0));

    // a new expense: a new id
    close();
    open();
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(idOf(2)).toMatch(UUID);
    expect(idOf(2)).not.toBe(idOf(0));
  }, 60_000);
});
