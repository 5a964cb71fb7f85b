import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { mockFetch } from './test/fetch';
import { aPublicQuote } from './test/quotes';
import BillingApp from './App';

describe('BillingApp (billing/App)', () => {
  it('renders the public acceptance page for params.token, loaded lazily', async () => {
    const calls = mockFetch({ 'GET /api/quote-acceptance/abc': aPublicQuote() });
    render(<BillingApp page="quote-acceptance" params={{ token: 'abc' }} />);
    expect(await screen.findByText('Angebot A-2026-0007')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/quote-acceptance/abc']);
  });
});
