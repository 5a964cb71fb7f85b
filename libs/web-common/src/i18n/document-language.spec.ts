import { afterEach, describe, expect, it } from '@jest/globals';
import { i18n } from './i18n';

describe('<html lang> follows the UI language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('is set on every language change, also one made on the instance directly', async () => {
    await i18n.changeLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
    await i18n.changeLanguage('it');
    expect(document.documentElement.lang).toBe('it');
    await i18n.changeLanguage('de');
    expect(document.documentElement.lang).toBe('de');
  });
});
