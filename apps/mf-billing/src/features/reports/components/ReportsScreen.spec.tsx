import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportDto } from '@zunft/contracts';
import { mockFetch } from '../../../test/fetch';
import { LocationProbe, renderWithProviders, signedInAs } from '../../../test/render';
import { REPORT_ID, aReport, aReportDetail, anImage } from '../../../test/reports';
import { collectToasts } from '../../../test/toasts';
import { FAKE_SIGNATURE_PNG, drawSignature, fakeSignatureCanvas } from '../../../test/signature-pad';
import { ReportsScreen } from './ReportsScreen';

const toasts = collectToasts();
// antd popovers and dialogs mount slowly under jsdom on a busy machine.
const slow = { timeout: 15_000 };
const R = `/api/reports/${REPORT_ID}`;
const originalUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
fakeSignatureCanvas();

beforeEach(() => {
  URL.createObjectURL = () => 'blob:report';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  URL.createObjectURL = originalUrl.create;
  URL.revokeObjectURL = originalUrl.revoke;
});

const Office = signedInAs('backoffice');
const project = {
  id: '22222222-2222-4222-8222-222222222222',
  project_number: 'P-2026-0001',
  title: 'Badsanierung Meier',
  customer_name: 'Meier AG',
};
const signed = aReport({
  id: '77777777-7777-4777-8777-777777777777',
  report_number: 'R-2026-0002',
  title: '',
  status: 'signed',
  signed_at: '2026-04-02T10:15:00.000Z',
  signer_name: 'Hans Meier',
});
const approved = aReport({
  id: '88888888-8888-4888-8888-888888888888',
  report_number: 'R-2026-0003',
  title: 'Heizung Keller',
  status: 'approved',
});

const LIST = '/api/reports?page=1&pageSize=20';
const page = (items: ReportDto[], total = items.length, n = 1) => ({ items, total, page: n, pageSize: 20 });
/** The stat cards' counts: one row per status asked for, only `total` is read. */
const count = (total: number) => ({ items: [], total, page: 1, pageSize: 1 });
const counts = (all: number, approved: number, draft: number, sent: number, signedCount: number) => ({
  'GET /api/reports?page=1&pageSize=1': count(all),
  'GET /api/reports?status=approved&page=1&pageSize=1': count(approved),
  'GET /api/reports?status=draft&page=1&pageSize=1': count(draft),
  'GET /api/reports?status=sent&page=1&pageSize=1': count(sent),
  'GET /api/reports?status=signed&page=1&pageSize=1': count(signedCount),
});

function renderScreen(reports: ReportDto[], extra: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({ [`GET ${LIST}`]: page(reports), ...counts(reports.length, 0, 0, 0, 0), ...extra });
  const result = renderWithProviders(
    <Office>
      <ReportsScreen />
    </Office>,
  );
  return { calls, ...result };
}

function tile(title: string): string {
  // The tile, not the page title, a status tag or a table cell with the same word.
  const label = screen
    .getAllByText(title)
    .find((el) => el.closest('.ant-card') !== null && el.closest('.ant-tag') === null && el.closest('td') === null);
  return label?.closest('.ant-card')?.textContent ?? '';
}

async function openDetail(title: string) {
  fireEvent.click(await screen.findByText(title, {}, slow));
  return screen.findByRole('dialog', {}, slow);
}

/** The confirmation's button: popovers render last in the document. */
function lastButton(name: string): HTMLElement {
  const buttons = screen.getAllByRole('button', { name });
  return buttons[buttons.length - 1]!;
}

describe('ReportsScreen', () => {
  it('shows the four tiles counted by the server and a row per report; an empty title falls back to «Rapport {id}»', async () => {
    renderScreen([aReport(), signed, approved], counts(1204, 400, 150, 61, 593));
    await screen.findByText('Badsanierung März', {}, slow);
    await waitFor(() => expect(tile('Rapporte')).toContain('1204'), slow);
    expect(tile('Genehmigt')).toContain('400');
    expect(tile('Ausstehend')).toContain('211');
    expect(tile('Unterschrieben')).toContain('593');
    const row = screen.getByText('Badsanierung März').closest('tr')!;
    expect(row.textContent).toContain('R-2026-0001');
    expect(row.textContent).toContain('Meier AG');
    expect(row.textContent).toContain('01.03.2026 – 31.03.2026');
    expect(row.textContent).toContain('Entwurf');
    expect(screen.getByText(`Rapport ${signed.id}`)).toBeTruthy();
    // The office generates and switches the view.
    expect(screen.getAllByRole('button', { name: /Rapport generieren/ }).length).toBeGreaterThan(0);
    expect(screen.getByText('Karten')).toBeTruthy();
  });

  it('searches and filters on the server and pages through the total', async () => {
    const { calls } = renderScreen([aReport()], {
      [`GET ${LIST}`]: page([aReport()], 45),
      'GET /api/reports?page=2&pageSize=20': page([approved], 45, 2),
      'GET /api/reports?status=approved&page=1&pageSize=20': page([approved]),
      'GET /api/reports?status=approved&search=Keller&page=1&pageSize=20': page([approved]),
      'GET /api/reports?status=approved&search=nichts&page=1&pageSize=20': page([]),
    });
    await screen.findByText('Badsanierung März', {}, slow);
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Heizung Keller', {}, slow)).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Genehmigt', {}, slow));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/reports?status=approved&page=1&pageSize=20')).toBe(true),
    );

    const searchBox = screen.getByRole('textbox', { name: 'Titel, Nummer, Projekt oder Kunde suchen' });
    fireEvent.change(searchBox, { target: { value: 'Keller' } });
    await waitFor(
      () =>
        expect(calls.some((c) => c.url === '/api/reports?status=approved&search=Keller&page=1&pageSize=20')).toBe(true),
      slow,
    );
    fireEvent.change(searchBox, { target: { value: 'nichts' } });
    expect(await screen.findByText('Keine Rapporte für diese Filter.', {}, slow)).toBeTruthy();
    // Never the whole list.
    expect(calls.some((c) => c.url === '/api/reports')).toBe(false);
  });

  it('a failed load shows «Fehler beim Laden der Rapporte»', async () => {
    renderScreen([], { [`GET ${LIST}`]: { status: 500, body: { error: 'kaputt' } } });
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Fehler beim Laden der Rapporte'), slow);
  });

  it('generates a report for a project and period; its PDF downloads a second later', async () => {
    const created = aReportDetail({ id: REPORT_ID });
    const { calls } = renderScreen([], {
      'GET /api/projects?page=1&pageSize=20': { items: [project], total: 1, page: 1, pageSize: 20 },
      'POST /api/reports/generate': { status: 201, body: { ...created, message: 'ok' } },
      [`GET ${R}`]: created,
      [`GET ${R}/download`]: { status: 200, blob: new Blob(['%PDF'], { type: 'application/pdf' }) },
    });
    fireEvent.click((await screen.findAllByRole('button', { name: /Rapport generieren/ }, slow))[0]!);
    const dialog = await screen.findByRole('dialog', {}, slow);
    // Without a project: the required message.
    fireEvent.click(within(dialog).getByRole('button', { name: /Generieren/ }));
    expect(await within(dialog).findByText('Bitte wählen Sie ein Projekt.', {}, slow)).toBeTruthy();

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('P-2026-0001 · Badsanierung Meier (Meier AG)', {}, slow));
    fireEvent.change(within(dialog).getByLabelText('Titel (optional)'), { target: { value: ' März ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Generieren/ }));

    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Rapport R-2026-0001 generiert'), slow);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ projectId: project.id, title: 'März', notes: null });
    expect((post.body as { periodStart: string }).periodStart).toMatch(/^\d{4}-\d{2}-01$/);
    // Not at once, but about a second later (part 2 §4, §9).
    expect(calls.some((c) => c.url === `${R}/download`)).toBe(false);
    await waitFor(() => expect(calls.some((c) => c.url === `${R}/download`)).toBe(true), { timeout: 5000 });
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('PDF wurde heruntergeladen'));
  });

  it('uploads several photos one by one and deletes one after confirmation', async () => {
    const image = anImage();
    const { calls } = renderScreen([aReport()], {
      [`GET ${R}`]: aReportDetail({ images: [image] }),
      [`GET ${R}/images/${image.id}/thumbnail`]: { status: 200, blob: new Blob(['x'], { type: 'image/jpeg' }) },
      [`POST ${R}/images`]: { status: 201, body: image },
      [`DELETE ${R}/images/${image.id}`]: { message: 'Bild gelöscht' },
    });
    const dialog = await openDetail('Badsanierung März');
    expect(await within(dialog).findByRole('img', { name: 'baustelle.jpg' }, slow)).toBeTruthy();
    const files = [new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.heic', { type: 'image/heic' })];
    fireEvent.change(within(dialog).getByTestId('report-image-input'), { target: { files } });
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('2 Bilder hochgeladen'), slow);
    const uploads = calls.filter((c) => c.method === 'POST' && c.url === `${R}/images`);
    expect(uploads).toHaveLength(2);
    expect((uploads[1]!.body as FormData).get('image')).toBeInstanceOf(File);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Bild löschen: baustelle.jpg' }));
    await screen.findByText('Bild «baustelle.jpg» löschen?', {}, slow);
    fireEvent.click(lastButton('Löschen'));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Bild gelöscht'), slow);
  });

  it('a failed upload shows «Fehler beim Hochladen der Bilder»', async () => {
    renderScreen([aReport()], {
      [`GET ${R}`]: aReportDetail(),
      [`POST ${R}/images`]: { status: 400, body: { error: 'Die Datei ist kein Bild.', code: 'not_an_image' } },
    });
    const dialog = await openDetail('Badsanierung März');
    await within(dialog).findByText('Noch keine Bilder.', {}, slow);
    fireEvent.change(within(dialog).getByTestId('report-image-input'), {
      target: { files: [new File(['a'], 'a.txt', { type: 'text/plain' })] },
    });
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Fehler beim Hochladen der Bilder'), slow);
    expect(toasts.find((t) => t.text === 'Fehler beim Hochladen der Bilder')!.detail).toBe('Die Datei ist kein Bild.');
  });

  it('a sent report offers «Status prüfen»; no signature yet gives the info toast', async () => {
    const sent = aReport({ status: 'sent', sent_at: '2026-04-01T09:00:00.000Z' });
    renderScreen([sent], {
      [`GET ${R}`]: aReportDetail({ status: 'sent', sent_at: '2026-04-01T09:00:00.000Z' }),
      [`GET ${R}/signature-status`]: {
        signed: false,
        sent: true,
        signed_at: null,
        sent_at: sent.sent_at,
        signer_name: null,
      },
    });
    const dialog = await openDetail('Badsanierung März');
    expect((await within(dialog).findByTestId('signature-state', {}, slow)).textContent).toContain(
      'Wartet auf die Unterschrift des Kunden (gesendet am 01.04.2026)',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /Status prüfen/ }));
    await waitFor(
      () =>
        expect(toasts).toContainEqual(
          expect.objectContaining({ type: 'info', text: 'Noch keine Unterschrift erhalten' }),
        ),
      slow,
    );
    expect(within(dialog).queryByRole('button', { name: /Rechnung erstellen/ })).toBeNull();
  });

  it('a signed report shows date and signer and creates the invoice (its number in the toast)', async () => {
    const S = `/api/reports/${signed.id}`;
    const { calls } = renderScreen([signed], {
      [`GET ${S}`]: aReportDetail({ ...signed }),
      [`POST ${S}/create-invoice`]: { status: 201, body: { invoiceNumber: 'RE-2026-0007', totalAmount: 1234.5 } },
    });
    const dialog = await openDetail(`Rapport ${signed.id}`);
    expect((await within(dialog).findByTestId('signature-state', {}, slow)).textContent).toMatch(
      /Unterschrieben am 02\.04\.2026 \d\d:\d\d von Hans Meier/,
    );
    // Sealed: no uploads, no new signature.
    expect(within(dialog).queryByRole('button', { name: /Bilder hochladen/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Auf diesem Gerät unterschreiben/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /Rechnung erstellen/ }));
    await waitFor(
      () => expect(toasts.map((t) => t.text)).toContain("Rechnung RE-2026-0007 erstellt (CHF 1'234.50)"),
      slow,
    );
    expect(calls.filter((c) => c.url === `${S}/create-invoice`)).toHaveLength(1);
  });

  it('a signed report made into an invoice links to that invoice instead of «Rechnung erstellen»', async () => {
    const invoiced = { ...signed, invoice_id: '99999999-9999-4999-8999-999999999999' };
    mockFetch({
      [`GET ${LIST}`]: page([invoiced]),
      ...counts(1, 0, 0, 0, 1),
      [`GET /api/reports/${signed.id}`]: aReportDetail(invoiced),
    });
    renderWithProviders(
      <Office>
        <ReportsScreen />
        <LocationProbe />
      </Office>,
      { route: '/reports' },
    );
    const dialog = await openDetail(`Rapport ${signed.id}`);
    fireEvent.click(await within(dialog).findByRole('button', { name: /Rechnung anzeigen/ }, slow));
    expect(within(dialog).queryByRole('button', { name: /Rechnung erstellen/ })).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/invoices?invoice=${invoiced.invoice_id}`),
    );
  });

  it.each([
    [
      { status: 400, body: { error: 'Für diesen Rapport gibt es schon eine Rechnung.' } },
      'Für diesen Rapport gibt es schon eine Rechnung.',
    ],
    [{ status: 500, body: { error: 'kaputt' } }, 'Fehler beim Erstellen der Rechnung aus Rapport'],
  ])('a failed «Rechnung erstellen» (%j) shows «%s»', async (answer, message) => {
    const S = `/api/reports/${signed.id}`;
    renderScreen([signed], { [`GET ${S}`]: aReportDetail({ ...signed }), [`POST ${S}/create-invoice`]: answer });
    const dialog = await openDetail(`Rapport ${signed.id}`);
    fireEvent.click(await within(dialog).findByRole('button', { name: /Rechnung erstellen/ }, slow));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain(message), slow);
  });

  it('signs on the device: the four checks, then the signature call and a reload', async () => {
    const prepared = {
      reportData: {
        reportNumber: 'R-2026-0001',
        projectTitle: 'Badsanierung Meier',
        customerName: 'Meier AG',
        customerEmail: 'hans@meier.ch',
        reportDate: '2026-04-01',
      },
      signatureToken: 'tok',
      expires_at: '2026-05-01T08:00:00.000Z',
    };
    const { calls } = renderScreen([aReport()], {
      [`GET ${R}`]: aReportDetail(),
      [`POST ${R}/prepare-signature`]: prepared,
      [`POST ${R}/signature`]: {
        message: 'ok',
        report_number: 'R-2026-0001',
        signed_at: '2026-04-02T10:15:00.000Z',
        signer_name: 'Hans Meier',
        pdf_sha256: 'ab'.repeat(32),
        download_url: `${R}/download`,
      },
    });
    const detail = await openDetail('Badsanierung März');
    fireEvent.click(await within(detail).findByRole('button', { name: /Auf diesem Gerät unterschreiben/ }, slow));
    // antd's dialogs share one label id under jest: find the dialog by its title.
    const title = await screen.findByText('Rapport unterschreiben', { selector: '.ant-modal-title' }, slow);
    const modal = title.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(modal).getByText(/R-2026-0001 · Badsanierung Meier · Meier AG · 01\.04\.2026/)).toBeTruthy();
    // The customer's e-mail is proposed; emptied, every check speaks.
    fireEvent.change(within(modal).getByLabelText('E-Mail'), { target: { value: '' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Unterschreiben' }));
    expect(await within(modal).findByText('Bitte geben Sie Ihren Namen ein.', {}, slow)).toBeTruthy();
    expect(within(modal).getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeTruthy();
    expect(within(modal).getByText('Bitte unterschreiben Sie im Feld oben.')).toBeTruthy();
    expect(within(modal).getByText('Bitte bestätigen Sie Ihr Einverständnis.')).toBeTruthy();
    expect(calls.some((c) => c.url === `${R}/signature`)).toBe(false);

    fireEvent.change(within(modal).getByLabelText('Name'), { target: { value: ' Hans Meier ' } });
    fireEvent.change(within(modal).getByLabelText('E-Mail'), { target: { value: 'hans@meier.ch ' } });
    drawSignature();
    fireEvent.click(within(modal).getByRole('checkbox'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Unterschreiben' }));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Unterschrift gespeichert'), slow);
    expect(calls.find((c) => c.url === `${R}/signature`)!.body).toEqual({
      signerName: 'Hans Meier',
      signerEmail: 'hans@meier.ch',
      signatureData: FAKE_SIGNATURE_PNG,
    });
    // Part 2 §4: the list and the report reload after a signature.
    await waitFor(() => expect(calls.filter((c) => c.url === LIST).length).toBeGreaterThan(1), slow);
  });

  it('a failed prepare shows «Fehler beim Vorbereiten der Unterschrift»', async () => {
    renderScreen([aReport()], {
      [`GET ${R}`]: aReportDetail(),
      [`POST ${R}/prepare-signature`]: { status: 500, body: {} },
    });
    const detail = await openDetail('Badsanierung März');
    fireEvent.click(await within(detail).findByRole('button', { name: /Auf diesem Gerät unterschreiben/ }, slow));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Fehler beim Vorbereiten der Unterschrift'), slow);
  });

  it('deletes a report after confirmation; a failure shows «Fehler beim Löschen des Rapports»', async () => {
    const { calls } = renderScreen([aReport()], {
      [`DELETE ${R}`]: { status: 409, body: { error: 'Der Rapport ist unterschrieben.' } },
    });
    const row = (await screen.findByText('Badsanierung März', {}, slow)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Löschen' }));
    await screen.findByText('Rapport «Badsanierung März» löschen?', {}, slow);
    fireEvent.click(lastButton('Löschen'));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Fehler beim Löschen des Rapports'), slow);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
  describe('status changes by the office (PUT /reports/{id}/status)', () => {
    /** A report whose detail follows the PUTs, like the server. */
    function statefulReport(start: ReportDto['status']) {
      let status = start;
      return {
        [`GET ${LIST}`]: () => page([aReport({ status })]),
        [`GET ${R}`]: () => aReportDetail({ status }),
        [`PUT ${R}/status`]: (call: { body: unknown }) => {
          status = (call.body as { status: ReportDto['status'] }).status;
          return aReport({ status });
        },
      };
    }

    it('marks a sent report as rejected after a confirmation that warns about the link, then back to draft', async () => {
      const { calls } = renderScreen([], statefulReport('sent'));
      const dialog = await openDetail('Badsanierung März');
      expect(within(dialog).queryByRole('button', { name: /Genehmigen/ })).toBeNull();
      fireEvent.click(await within(dialog).findByRole('button', { name: /Als abgelehnt markieren/ }, slow));
      expect(await screen.findByText('Rapport R-2026-0001 als abgelehnt markieren?', {}, slow)).toBeTruthy();
      expect(screen.getByText('Der Unterschriftslink des Kunden wird damit ungültig.')).toBeTruthy();
      // Nothing is sent before the confirmation.
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
      fireEvent.click(lastButton('Als abgelehnt markieren'));
      await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Rapport als abgelehnt markiert'), slow);
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ status: 'rejected' }]);

      // Rejected: only 'Zurück in Entwurf' is left.
      const back = await within(dialog).findByRole('button', { name: /Zurück in Entwurf/ }, slow);
      expect(within(dialog).queryByRole('button', { name: /Als abgelehnt markieren/ })).toBeNull();
      fireEvent.click(back);
      expect(await screen.findByText('Rapport R-2026-0001 zurück in Entwurf setzen?', {}, slow)).toBeTruthy();
      fireEvent.click(lastButton('Zurück in Entwurf'));
      await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Rapport zurück in Entwurf gesetzt'), slow);
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { status: 'rejected' },
        { status: 'draft' },
      ]);
      // A draft has no status button.
      await waitFor(() => expect(within(dialog).queryByRole('button', { name: /Zurück in Entwurf/ })).toBeNull(), slow);
    });

    it('approves a signed report; a refused change (409) shows «Fehler beim Ändern des Status» with the server text', async () => {
      const S = `/api/reports/${signed.id}`;
      const { calls } = renderScreen([signed], {
        [`GET ${S}`]: aReportDetail({ ...signed }),
        [`PUT ${S}/status`]: {
          status: 409,
          body: { error: 'Statuswechsel nicht erlaubt', code: 'report_status_transition' },
        },
      });
      const dialog = await openDetail(`Rapport ${signed.id}`);
      expect(within(dialog).queryByRole('button', { name: /Als abgelehnt markieren/ })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: /Zurück in Entwurf/ })).toBeNull();
      fireEvent.click(await within(dialog).findByRole('button', { name: /Genehmigen/ }, slow));
      await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Fehler beim Ändern des Status'), slow);
      expect(toasts.find((t) => t.text === 'Fehler beim Ändern des Status')!.detail).toBe(
        'Statuswechsel nicht erlaubt',
      );
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ status: 'approved' }]);
    });

    it('an employee sees no status buttons (part 2 §6)', async () => {
      const Employee = signedInAs('employee');
      mockFetch({
        [`GET ${LIST}`]: page([aReport({ status: 'sent' })]),
        [`GET ${R}`]: aReportDetail({ status: 'sent' }),
      });
      renderWithProviders(
        <Employee>
          <ReportsScreen />
        </Employee>,
      );
      const dialog = await openDetail('Badsanierung März');
      await within(dialog).findByTestId('signature-state', {}, slow);
      expect(within(dialog).queryByRole('button', { name: /Als abgelehnt markieren/ })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: /Zurück in Entwurf/ })).toBeNull();
    });
  });
});
