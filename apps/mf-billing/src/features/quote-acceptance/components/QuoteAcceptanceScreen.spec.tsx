import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch';
import { aPublicQuote } from '../../../test/quotes';
import { QuoteAcceptanceScreen } from './QuoteAcceptanceScreen';
import { FAKE_SIGNATURE_PNG, drawSignature, fakeSignatureCanvas } from '../../../test/signature-pad';

const TOKEN = 'tok-123';
const URL_GET = `GET /api/quote-acceptance/${TOKEN}`;

fakeSignatureCanvas();

describe('QuoteAcceptanceScreen', () => {
  it('shows the quote with company, items and totals including the rounding', async () => {
    const calls = mockFetch({ [URL_GET]: aPublicQuote() });
    render(<QuoteAcceptanceScreen token={TOKEN} />);
    expect(await screen.findByText('Angebot A-2026-0007')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Heizungsersatz' })).toBeTruthy();
    expect(screen.getByText('Muster Haustechnik AG')).toBeTruthy();
    expect(screen.getByText('für Familie Rossi')).toBeTruthy();
    const totals = screen.getByRole('group', { name: 'Zusammenfassung' }).textContent;
    expect(totals).toContain('RundungCHF -0.02');
    expect(totals).toContain('Total CHF10.80');
    // Public call: no bearer token.
    expect(calls[0]!.headers['Authorization']).toBeUndefined();
  });

  it('shows every validation message when the form is sent empty', async () => {
    const calls = mockFetch({ [URL_GET]: aPublicQuote() });
    render(<QuoteAcceptanceScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Angebot annehmen' }));
    expect(await screen.findByText('Bitte geben Sie Ihren Namen ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByText('Bitte unterschreiben Sie im Feld oben.')).toBeTruthy();
    expect(screen.getByText('Bitte bestätigen Sie Ihr Einverständnis.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // A name of blanks is no name; a drawing clears the signature message.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    drawSignature();
    fireEvent.click(screen.getByRole('button', { name: 'Angebot annehmen' }));
    await waitFor(() => expect(screen.queryByText('Bitte unterschreiben Sie im Feld oben.')).toBeNull());
    expect(screen.getByText('Bitte geben Sie Ihren Namen ein.')).toBeTruthy();

    // 'Löschen' empties the pad again.
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Angebot annehmen' }));
    expect(await screen.findByText('Bitte unterschreiben Sie im Feld oben.')).toBeTruthy();
  });

  it('posts name and e-mail trimmed, the FAKE_SIGNATURE_PNG signature and the consent, then thanks the customer', async () => {
    const calls = mockFetch({
      [URL_GET]: aPublicQuote(),
      [`POST /api/quote-acceptance/${TOKEN}/accept`]: {
        message: 'Vielen Dank! Das Angebot wurde angenommen.',
        status: 'accepted',
        quote_number: 'A-2026-0007',
      },
    });
    render(<QuoteAcceptanceScreen token={TOKEN} />);
    await screen.findByRole('button', { name: 'Angebot annehmen' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Anna Rossi ' } });
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: ' anna@rossi.ch  ' } });
    drawSignature();
    fireEvent.click(
      screen.getByLabelText(
        'Ich habe das Angebot geprüft, bin mit den Konditionen einverstanden und akzeptiere die digitale Unterschrift als rechtsverbindlich.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Angebot annehmen' }));
    expect(await screen.findByText('Vielen Dank! Das Angebot wurde angenommen.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/quote-acceptance/${TOKEN}/accept`);
    expect(post.body).toEqual({
      name: 'Anna Rossi',
      email: 'anna@rossi.ch',
      signature: FAKE_SIGNATURE_PNG,
      consent: true,
    });
  });

  it('rejects with a reason', async () => {
    const calls = mockFetch({
      [URL_GET]: aPublicQuote(),
      [`POST /api/quote-acceptance/${TOKEN}/reject`]: {
        message: 'ok',
        status: 'rejected',
        quote_number: 'A-2026-0007',
      },
    });
    render(<QuoteAcceptanceScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Angebot ablehnen' }));
    fireEvent.change(screen.getByLabelText('Grund (optional)'), { target: { value: ' Zu teuer ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ablehnen bestätigen' }));
    expect(await screen.findByText('Das Angebot wurde abgelehnt.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Zu teuer' });
  });

  it.each([
    [{ status: 404, body: { error: 'Angebot nicht gefunden' } }, 'Angebot nicht gefunden oder Link abgelaufen.'],
    [{ status: 410, body: {} }, 'Dieser Link ist abgelaufen.'],
    [
      { status: 410, body: { error: 'Der Link ist abgelaufen.', code: 'acceptance_link_expired' } },
      'Dieser Link ist abgelaufen.',
    ],
    // Decided by the code: a reworded server text changes nothing.
    [
      { status: 410, body: { error: 'Anders formuliert', code: 'quote_already_answered' } },
      'Dieses Angebot wurde bereits beantwortet.',
    ],
    [{ status: 500, body: {} }, 'Das Angebot konnte nicht geladen werden. Bitte versuchen Sie es erneut.'],
  ])('answer %j shows %s', async (answer, message) => {
    mockFetch({ [URL_GET]: answer });
    render(<QuoteAcceptanceScreen token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: message })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Angebot annehmen' })).toBeNull();
    // Only a temporary failure offers a retry.
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' }) !== null).toBe(answer.status === 500);
  });

  it('shows a 410 of the accept call (link used meanwhile) above the button', async () => {
    mockFetch({
      [URL_GET]: aPublicQuote(),
      [`POST /api/quote-acceptance/${TOKEN}/accept`]: { status: 410, body: { error: 'Dieser Link ist abgelaufen.' } },
    });
    render(<QuoteAcceptanceScreen token={TOKEN} />);
    await screen.findByRole('button', { name: 'Angebot annehmen' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Anna Rossi' } });
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'anna@rossi.ch' } });
    drawSignature();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Angebot annehmen' }));
    expect(await screen.findByText('Dieser Link ist abgelaufen.')).toBeTruthy();
  });

  it('speaks the customer’s language (fr)', async () => {
    mockFetch({ [URL_GET]: aPublicQuote({ language: 'fr' }) });
    render(<QuoteAcceptanceScreen token={TOKEN} />);
    expect(await screen.findByText('Offre A-2026-0007')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accepter l’offre' }));
    expect(await screen.findByText('Veuillez saisir votre nom.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Champ de signature' })).toBeTruthy();
  });
});
