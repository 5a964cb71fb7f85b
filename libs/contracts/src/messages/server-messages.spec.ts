import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_DEACTIVATED_MESSAGE, LANGUAGES, NUL_BYTE_MESSAGE } from '../common.js';
import { INVOICE_MESSAGES, QR_BILL_SETTING_NAMES } from '../invoices.js';
import { OPERATIONS_MESSAGES } from '../operations.js';
import { QUOTE_ACCEPTANCE_MESSAGES } from '../quotes.js';
import { REPORT_LIMITS, REPORT_MESSAGES } from '../reports.js';
import { findMissingTranslationKeys, findPlaceholderMismatches } from '../translation-parity.js';
import { SERVER_MESSAGES } from './catalogue.js';
import {
  matchGermanMessage,
  parseAcceptLanguage,
  resolveMessageLanguage,
  serverMessageCatalogue,
  translateGermanMessage,
  translateServerMessage,
} from './server-messages.js';

const catalogues = Object.fromEntries(LANGUAGES.map((language) => [language, serverMessageCatalogue(language)]));

describe('server message catalogue', () => {
  it('has every key in de, fr and it', () => {
    expect(findMissingTranslationKeys(catalogues)).toEqual({});
    for (const texts of Object.values(SERVER_MESSAGES)) expect(Object.keys(texts).sort()).toEqual(['de', 'fr', 'it']);
  });

  it('has no empty text and no German left in fr/it', () => {
    const empty: string[] = [];
    const untranslated: string[] = [];
    for (const [key, texts] of Object.entries(SERVER_MESSAGES)) {
      for (const language of LANGUAGES) if (!texts[language]?.trim()) empty.push(`${language}: ${key}`);
      // Terms may be the same word in every language (Material, Budget, Status…); sentences may not.
      if (!key.startsWith('term.') && texts.de.includes(' ') && (texts.fr === texts.de || texts.it === texts.de))
        untranslated.push(key);
    }
    expect(empty).toEqual([]);
    expect(untranslated).toEqual([]);
  });

  it('uses the same {params} in every language', () => {
    expect(findPlaceholderMismatches(catalogues)).toEqual([]);
  });

  it('keeps the spec’s German texts word for word', () => {
    expect(SERVER_MESSAGES.forbidden.de).toBe('Keine Berechtigung für diese Aktion');
    expect(SERVER_MESSAGES.account_deactivated.de).toBe(ACCOUNT_DEACTIVATED_MESSAGE);
    expect(SERVER_MESSAGES.project_not_found.de).toBe(OPERATIONS_MESSAGES.projectNotFound);
    expect(SERVER_MESSAGES['validation.nul_byte'].de).toBe(NUL_BYTE_MESSAGE);
    expect(SERVER_MESSAGES.acceptance_link_not_found.de).toBe(QUOTE_ACCEPTANCE_MESSAGES.notFound);
    expect(translateServerMessage('report_status_transition', 'de', { from: 'Entwurf', to: 'Genehmigt' })).toBe(
      REPORT_MESSAGES.statusTransition('draft', 'approved'),
    );
    expect(translateServerMessage('too_many_images', 'de', { max: REPORT_LIMITS.maxImagesPerReport })).toBe(
      REPORT_MESSAGES.tooManyImages,
    );
  });
});

describe('translating', () => {
  it('fills in parameters and translates the terms they hold', () => {
    expect(translateServerMessage('time_entry_too_long', 'fr', { hours: 24 })).toBe(
      'Une saisie de temps ne peut pas dépasser 24 heures',
    );
    expect(translateServerMessage('report_status_transition', 'it', { from: 'Entwurf', to: 'Genehmigt' })).toBe(
      'Il passaggio dallo stato «Bozza» a «Approvato» non è consentito.',
    );
  });

  it('shows what a user typed as typed, even when it is a catalogue term', () => {
    // a project called «Budget», a material called «Material», a customer called «Plan»
    const added = translateServerMessage('activity.customer_added', 'fr', { name: 'Plan' });
    expect(added).toContain('«Plan»');
    expect(translateServerMessage('activity.customer_added', 'it', { name: 'Material' })).toContain('«Material»');
    // a term in a status parameter is still translated
    expect(
      translateServerMessage('report_status_transition', 'fr', { from: 'Entwurf', to: 'Genehmigt' }),
    ).not.toContain('Entwurf');
  });

  it('translates the QR-bill settings named in a list', () => {
    const names = [QR_BILL_SETTING_NAMES.iban, QR_BILL_SETTING_NAMES.customerAddress].join(', ');
    expect(translateServerMessage('qr_bill_settings_missing', 'de', { names })).toBe(
      INVOICE_MESSAGES.missingSettings([QR_BILL_SETTING_NAMES.iban, QR_BILL_SETTING_NAMES.customerAddress]),
    );
    expect(translateServerMessage('qr_bill_settings_missing', 'fr', { names })).toBe(
      'Il manque pour le bulletin de versement QR : IBAN (Paramètres › Facture), Adresse du client avec rue, NPA et localité. Veuillez compléter les indications dans les paramètres.',
    );
  });

  it('recognises German validation messages, the field label included', () => {
    expect(matchGermanMessage('Titel ist zu lang (max. 200 Zeichen)')).toEqual({
      key: 'validation.too_long_max',
      params: { field: 'Titel', max: '200' },
    });
    expect(translateGermanMessage('Name ist erforderlich', 'fr')).toBe('Nom : saisie obligatoire');
    expect(translateGermanMessage('Datum ist kein gültiges Datum', 'it')).toBe('Data: data non valida');
    expect(translateGermanMessage('Ungültige Kunden-ID', 'fr')).toBe('ID non valable (Client)');
    expect(translateGermanMessage(NUL_BYTE_MESSAGE, 'it')).toBe(
      'L’immissione contiene un carattere non valido (byte nullo)',
    );
    // zod's own German default messages are not field patterns; the common ones have their entry.
    expect(matchGermanMessage('Ungültige Eingabe: erwartet string, erhalten Zahl')?.key).toBe(
      'validation.zod_invalid_type',
    );
    expect(translateGermanMessage('Ungültige Eingabe: erwartet string, erhalten Zahl', 'fr')).toBe(
      'Saisie non valable : string attendu, nombre reçu',
    );
    expect(translateGermanMessage('Bis muss eine Uhrzeit sein', 'it')).toBe('A: è attesa un’ora');
    expect(translateGermanMessage('Gebühr 1. Mahnung muss eine Zahl sein', 'fr')).toBe(
      'Frais du 1er rappel : un nombre est attendu',
    );
    expect(translateGermanMessage('Etwas ganz anderes', 'fr')).toBe('Etwas ganz anderes');
  });
});

describe('language of an answer', () => {
  it('reads Accept-Language with q-values', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7')).toBe('fr');
    expect(parseAcceptLanguage('en-US,it;q=0.5,de;q=0.4')).toBe('it');
    expect(parseAcceptLanguage('de;q=0.3, it;q=0.9')).toBe('it');
    expect(parseAcceptLanguage('en, es')).toBeUndefined();
    expect(parseAcceptLanguage('fr;q=0')).toBeUndefined();
    expect(parseAcceptLanguage(undefined)).toBeUndefined();
  });

  it('prefers the customer (public pages), then the user, then the company, then Accept-Language, then de', () => {
    expect(resolveMessageLanguage({ documentLanguage: 'it', userLanguage: 'fr', acceptLanguage: 'de' })).toBe('it');
    expect(resolveMessageLanguage({ userLanguage: 'fr', companyLanguage: 'it', acceptLanguage: 'it' })).toBe('fr');
    expect(resolveMessageLanguage({ userLanguage: 'xx', companyLanguage: 'it', acceptLanguage: 'fr' })).toBe('it');
    expect(resolveMessageLanguage({ acceptLanguage: 'it-CH' })).toBe('it');
    expect(resolveMessageLanguage({ acceptLanguage: 'en' })).toBe('de');
    expect(resolveMessageLanguage({})).toBe('de');
  });
});
