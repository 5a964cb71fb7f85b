import { describe, expect, it } from '@jest/globals';
import { findMissingTranslationKeys, findPlaceholderMismatches } from '@zunft/contracts';
import { commonTranslations } from './common.translations';

// The 'common' namespace: every key in de, fr and it alike, with the same placeholders.
describe('common translations', () => {
  it('have the same keys in de, fr and it', () => {
    expect(findMissingTranslationKeys(commonTranslations)).toEqual({});
  });

  it('use the same placeholders in every language', () => {
    expect(findPlaceholderMismatches(commonTranslations)).toEqual([]);
  });
});
