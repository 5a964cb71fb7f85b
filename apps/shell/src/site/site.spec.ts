import { describe, expect, it } from '@jest/globals';
import { TOKEN_KEY as REAL_TOKEN_KEY, formatCHF as realFormatCHF } from '@zunft/web-common';
import { de } from '../i18n/de';
import { fr } from '../i18n/fr';
import { formatCHF } from './web-common';
import { TOKEN_KEY } from './token-key';
import { ensureShellLanguage, setLanguage, translate } from './i18n';

describe('public site stand-ins', () => {
  it.each([0, 37.5, 1234.5, -1234.567, 1_000_000, '360', null, undefined, '', 'abc', -0.001])(
    'formatCHF(%p) equals web-common',
    (value) => {
      expect(formatCHF(value)).toBe(realFormatCHF(value));
    },
  );

  it('reads the same token key as web-common', () => {
    expect(TOKEN_KEY).toBe(REAL_TOKEN_KEY);
  });

  it('translates with interpolation, plurals and German fallback', async () => {
    expect(translate('meta.title')).toBe(de.meta.title);
    expect(translate('pricingPage.employeesValue', { count: 3 })).toBe('3 Mitarbeiter');
    expect(translate('plans.discount', { percent: 20 })).toBe(de.plans.discount.replace('{{percent}}', '20'));
    expect(translate('gibt.es.nicht')).toBe('gibt.es.nicht');
    setLanguage('fr');
    await ensureShellLanguage('fr');
    expect(translate('meta.title')).toBe(fr.meta.title);
    expect(document.documentElement.lang).toBe('fr');
    expect(document.title).toBe(fr.meta.title);
    setLanguage('de');
  });
});
