import { describe, expect, it } from '@jest/globals';
import { findMissingTranslationKeys, findPlaceholderMismatches } from '@zunft/contracts';
import { de } from './de';
import { fr } from './fr';
import { it as italian } from './it';

// Every key in German, French and Italian alike (a key in one language only fails here, with the
// missing keys listed per language), and the same placeholders in every translation.
describe('shell translations', () => {
  const catalogues = { de, fr, it: italian };

  it('have the same keys in de, fr and it', () => {
    expect(findMissingTranslationKeys(catalogues)).toEqual({});
  });

  it('use the same placeholders in every language', () => {
    expect(findPlaceholderMismatches(catalogues)).toEqual([]);
  });
});
