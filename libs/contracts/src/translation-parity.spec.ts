import { describe, expect, it } from '@jest/globals';
import {
  findMissingTranslationKeys,
  findPlaceholderMismatches,
  translationKeys,
  translationPlaceholders,
} from './translation-parity.js';

describe('translation key parity', () => {
  it('lists the dotted paths of every leaf', () => {
    expect(translationKeys({ a: 'A', b: { c: 'C', d: { e: 'E' } } })).toEqual(['a', 'b.c', 'b.d.e']);
  });

  it('reports nothing when every language has every key', () => {
    expect(
      findMissingTranslationKeys({ de: { a: 'Ja', b: { c: 'Nein' } }, fr: { a: 'Oui', b: { c: 'Non' } } }),
    ).toEqual({});
  });

  it('names the keys each language lacks, in both directions', () => {
    const missing = findMissingTranslationKeys({
      de: { save: 'Speichern', users: { title: 'Mitarbeiter', empty: 'Keine Mitarbeiter' } },
      fr: { save: 'Enregistrer', users: { title: 'Collaborateurs' }, extra: 'En plus' },
      it: { save: 'Salva', users: { title: 'Collaboratori', empty: 'Nessun collaboratore' } },
    });
    expect(missing).toEqual({ de: ['extra'], fr: ['users.empty'], it: ['extra'] });
  });

  it('treats a text where another language has a group (and vice versa) as missing keys', () => {
    expect(findMissingTranslationKeys({ de: { units: { h: 'Std.' } }, it: { units: 'ore' } })).toEqual({
      de: ['units'],
      it: ['units.h'],
    });
  });
});

describe('translation placeholders', () => {
  it('reads i18next and document placeholders', () => {
    expect(translationPlaceholders('{{name}} hat {{count, number}} Rapporte, Seite {page} von {pages}')).toEqual([
      'count',
      'name',
      'page',
      'pages',
    ]);
  });

  it('flags a translation that drops or renames a placeholder', () => {
    expect(
      findPlaceholderMismatches({
        de: { a: 'Hallo {{name}}', b: 'Seite {page}', c: 'ohne' },
        fr: { a: 'Bonjour {{nom}}', b: 'Page {page}', c: 'sans' },
        it: { a: 'Ciao', b: 'Pagina {page}' },
      }),
    ).toEqual(['fr: a ({name} ≠ {nom})', 'it: a ({name} ≠ {})']);
  });
});
