import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReportSignedResponse } from '@zunft/contracts';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { aPublicReport } from '../../../test/reports';
import { SignatureScreen } from './SignatureScreen';
import { FAKE_SIGNATURE_PNG, drawSignature, fakeSignatureCanvas } from '../../../test/signature-pad';

const TOKEN = 'tok';
const URL_GET = `GET /api/signature/${TOKEN}`;
const URL_POST = `POST /api/signature/${TOKEN}`;

fakeSignatureCanvas();

function fillForm() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Hans Meier ' } });
  fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: ' hans@meier.ch ' } });
  drawSignature();
  fireEvent.click(screen.getByRole('checkbox'));
}

const signed: ReportSignedResponse = {
  message: 'Vielen Dank! Der Rapport wurde unterschrieben.',
  report_number: 'R-2026-0001',
  signed_at: '2026-04-02T10:15:00.000Z',
  signer_name: 'Hans Meier',
  pdf_sha256: 'ab'.repeat(32),
  download_url: `/api/signature/${TOKEN}/download`,
};

describe('SignatureScreen (/signature/:token)', () => {
  it('names each surcharge, with the exact minutes of the precise mode (issue 24)', async () => {
    const report = aPublicReport();
    const employee = report.content.employees[0]!;
    mockFetch({
      [URL_GET]: {
        ...report,
        content: {
          ...report.content,
          employees: [
            {
              ...employee,
              surcharges: [
                { kind: 'night', percent: 25, hours: 4, minutes: 240 },
                { kind: 'holiday', percent: 50, hours: 3.75, minutes: 225 },
              ],
            },
          ],
        },
      },
    });
    renderWithProviders(<SignatureScreen token={TOKEN} />);
    expect(await screen.findByText('davon 4 h (240 Min.) in der Nacht mit 25 % Zuschlag')).toBeTruthy();
    expect(screen.getByText('davon 3.75 h (225 Min.) an Feiertagen mit 50 % Zuschlag')).toBeTruthy();
  });

  it('shows the report as the customer signs it: period, hours, materials, photos, notes', async () => {
    const calls = mockFetch({ [URL_GET]: aPublicReport() });
    renderWithProviders(<SignatureScreen token={TOKEN} />);
    expect(await screen.findByText('Rapport R-2026-0001')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Badsanierung März' })).toBeTruthy();
    expect(screen.getByText('Sanitär Muster GmbH')).toBeTruthy();
    expect(screen.getByText('01.03.2026 – 31.03.2026')).toBeTruthy();
    expect(screen.getByText('Anna Muster')).toBeTruthy();
    expect(screen.getByText('davon 4 h am Samstag mit 25 % Zuschlag')).toBeTruthy();
    expect(screen.getByText('Silikon weiss')).toBeTruthy();
    expect(screen.getByText('Fugen nach 24 h prüfen')).toBeTruthy();
    // Photos through the token URLs, without a login.
    const photo = screen.getByRole('img', { name: 'baustelle.jpg' });
    expect(photo.getAttribute('src')).toBe('/api/signature/tok/images/66666666-6666-4666-8666-666666666666/thumbnail');
    expect(screen.getByText(/akzeptiere die digitale Unterschrift als rechtsverbindlich/)).toBeTruthy();
    expect(calls[0]!.headers['Authorization']).toBeUndefined();
  });

  it('checks name, e-mail, drawing and consent with the exact texts of part 2 §5', async () => {
    const calls = mockFetch({ [URL_GET]: aPublicReport() });
    renderWithProviders(<SignatureScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rapport unterschreiben' }));
    expect(await screen.findByText('Bitte geben Sie Ihren Namen ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByText('Bitte unterschreiben Sie im Feld oben.')).toBeTruthy();
    expect(screen.getByText('Bitte bestätigen Sie Ihr Einverständnis.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // Blanks are no name; a drawing clears its message.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    drawSignature();
    fireEvent.click(screen.getByRole('button', { name: 'Rapport unterschreiben' }));
    await waitFor(() => expect(screen.queryByText('Bitte unterschreiben Sie im Feld oben.')).toBeNull());
    expect(screen.getByText('Bitte geben Sie Ihren Namen ein.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends trimmed name and e-mail with the FAKE_SIGNATURE_PNG, then confirms and offers the signed PDF', async () => {
    const calls = mockFetch({ [URL_GET]: aPublicReport(), [URL_POST]: signed });
    renderWithProviders(<SignatureScreen token={TOKEN} />);
    await screen.findByText('Rapport R-2026-0001');
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Rapport unterschreiben' }));
    expect(await screen.findByText('Vielen Dank! Der Rapport wurde unterschrieben.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      signerName: 'Hans Meier',
      signerEmail: 'hans@meier.ch',
      signatureData: FAKE_SIGNATURE_PNG,
    });
    const download = screen.getByRole('link', { name: 'Unterschriebenen Rapport herunterladen (PDF)' });
    expect(download.getAttribute('href')).toBe('/api/signature/tok/download');
    expect(screen.getByText(/Unterschrieben von Hans Meier am 02\.04\.2026/)).toBeTruthy();
  });

  it.each([
    [404, 'Rapport nicht gefunden oder Link abgelaufen.'],
    [410, 'Dieser Link ist abgelaufen.'],
    [500, 'Fehler beim Übermitteln der Unterschrift. Bitte versuchen Sie es erneut.'],
  ])('a %i of the signature call shows «%s»', async (status, message) => {
    mockFetch({ [URL_GET]: aPublicReport(), [URL_POST]: { status, body: { error: 'Serverseitiger Text' } } });
    renderWithProviders(<SignatureScreen token={TOKEN} />);
    await screen.findByText('Rapport R-2026-0001');
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Rapport unterschreiben' }));
    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
    expect(screen.queryByText('Serverseitiger Text')).toBeNull();
  });

  it.each([
    [404, 'Rapport nicht gefunden oder Link abgelaufen.', false],
    [410, 'Dieser Link ist abgelaufen.', false],
    [503, 'Der Rapport konnte nicht geladen werden. Bitte versuchen Sie es erneut.', true],
  ])('opening a link answered %i shows «%s»', async (status, message, retry) => {
    mockFetch({ [URL_GET]: { status, body: {} } });
    renderWithProviders(<SignatureScreen token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: message })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rapport unterschreiben' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' }) !== null).toBe(retry);
  });

  it('speaks the customer’s language (French report)', async () => {
    mockFetch({ [URL_GET]: aPublicReport({ language: 'fr' }) });
    renderWithProviders(<SignatureScreen token={TOKEN} />);
    expect(await screen.findByRole('button', { name: 'Signer le rapport' })).toBeTruthy();
    expect(screen.getByText('pour Meier AG')).toBeTruthy();
  });
});
