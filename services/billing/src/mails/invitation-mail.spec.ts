import { describe, expect, it } from '@jest/globals';
import { invitationMail } from './invitation-mail.js';

const input = {
  companyName: 'Elektro <Alpha> AG',
  inviterName: 'Anna Admin',
  link: 'https://zunft.test/einladung?token=abc',
  validUntil: '05.12.2026, 16:30',
};

describe('invitationMail (issue 26)', () => {
  it('writes German, French and Italian with the link and its validity', () => {
    expect(invitationMail({ ...input, language: 'de' }).subject).toBe(
      'Einladung als Treuhänder für «Elektro <Alpha> AG» bei Zunft',
    );
    expect(invitationMail({ ...input, language: 'fr' }).text).toContain('valable jusqu’au 05.12.2026, 16:30');
    expect(invitationMail({ ...input, language: 'it' }).text).toContain('valido fino al 05.12.2026, 16:30');
    for (const language of ['de', 'fr', 'it'] as const) {
      expect(invitationMail({ ...input, language }).text).toContain(input.link);
    }
  });

  it('escapes the HTML part and links the address', () => {
    const { html } = invitationMail({ ...input, language: 'de' });
    expect(html).toContain('«Elektro &lt;Alpha&gt; AG»');
    expect(html).toContain('<a href="https://zunft.test/einladung?token=abc">');
  });
});
