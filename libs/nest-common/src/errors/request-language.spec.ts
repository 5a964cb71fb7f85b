import { describe, expect, it } from '@jest/globals';
import { ForbiddenException, type ArgumentsHost } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { serverMessage } from '@zunft/contracts';
import pino from 'pino';
import { z } from 'zod';
import { ValidationFailedError, ZodValidationPipe } from '../validation/zod-validation.pipe.js';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { CommonErrors, DomainError } from './domain.error.js';
import { requestLanguage, setRequestLanguage } from './request-language.js';

/** Runs the real filter against a recording adapter; returns status, body and Content-Language. */
function answer(exception: unknown, request: object) {
  const sent: { status?: number; body?: Record<string, unknown>; headers: Record<string, string> } = { headers: {} };
  const adapter = {
    isHeadersSent: () => false,
    end: () => undefined,
    setHeader: (_res: unknown, name: string, value: string) => (sent.headers[name] = value),
    reply: (_res: unknown, body: Record<string, unknown>, status: number) => Object.assign(sent, { body, status }),
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => ({}), getRequest: () => request }),
  } as unknown as ArgumentsHost;
  new AllExceptionsFilter({ httpAdapter: adapter } as unknown as HttpAdapterHost, pino({ level: 'silent' })).catch(
    exception,
    host,
  );
  return sent;
}

describe('language of an error answer', () => {
  it('takes the token’s language before Accept-Language, Accept-Language before German', () => {
    const headers = { 'accept-language': 'it-CH,it;q=0.9' };
    expect(requestLanguage({ headers, user: { language: 'fr' } })).toBe('fr');
    expect(requestLanguage({ headers, user: { lang: 'fr' } })).toBe('fr');
    expect(requestLanguage({ headers, user: { companyLanguage: 'fr' } })).toBe('fr');
    expect(requestLanguage({ headers, user: { role: 'admin' } })).toBe('it');
    expect(requestLanguage({ headers: { 'accept-language': 'en-GB,en' } })).toBe('de');
    expect(requestLanguage({})).toBe('de');
    expect(requestLanguage(undefined)).toBe('de');
  });

  it('lets a public page set its customer’s language, which wins over everything', () => {
    const request = { headers: { 'accept-language': 'de' }, user: { language: 'fr' } };
    setRequestLanguage(request, 'it');
    expect(requestLanguage(request)).toBe('it');
  });
});

describe('AllExceptionsFilter translates by the catalogue', () => {
  it('answers a 403 in French for a French user, German by default, with the code unchanged', () => {
    const fr = answer(CommonErrors.forbidden(), { user: { language: 'fr' } });
    expect(fr).toMatchObject({
      status: 403,
      body: { code: 'forbidden', error: 'Vous n’avez pas l’autorisation d’effectuer cette action' },
    });
    expect(fr.headers['Content-Language']).toBe('fr');
    const de = answer(CommonErrors.forbidden(), {});
    expect(de.body).toMatchObject({ code: 'forbidden', error: 'Keine Berechtigung für diese Aktion' });
  });

  it('translates framework and database errors and German-only domain messages', () => {
    expect(answer(new ForbiddenException(), { headers: { 'accept-language': 'it' } }).body?.error).toBe(
      'Non ha l’autorizzazione per questa azione',
    );
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(answer(unique, { headers: { 'accept-language': 'fr' } }).body).toMatchObject({
      code: 'duplicate',
      error: 'Cette entrée existe déjà. Veuillez recharger la page.',
    });
    expect(
      answer(new DomainError('x', 'Projekt nicht gefunden', 404), { headers: { 'accept-language': 'it' } }).body?.error,
    ).toBe('Progetto non trovato');
    expect(answer(new Error('boom'), { headers: { 'accept-language': 'fr' } })).toMatchObject({
      status: 500,
      body: { error: 'Erreur interne du serveur' },
    });
  });

  it('keeps a message the catalogue does not know in German', () => {
    expect(
      answer(new DomainError('x', 'Etwas Eigenes', 400), { headers: { 'accept-language': 'fr' } }).body?.error,
    ).toBe('Etwas Eigenes');
  });

  it('interpolates parameters of a catalogue reference', () => {
    const error = new DomainError('time_entry_too_long', serverMessage('time_entry_too_long', { hours: 24 }), 400);
    expect(error.message).toBe('Ein Zeiteintrag darf höchstens 24 Stunden dauern');
    expect(answer(error, { headers: { 'accept-language': 'it' } }).body?.error).toBe(
      'Una registrazione del tempo può durare al massimo 24 ore',
    );
  });

  it('translates validation errors: schema messages through the catalogue, zod defaults with zod’s locale', () => {
    const schema = z.object({ name: z.string({ error: 'Name ist erforderlich' }), flag: z.boolean().optional() });
    const pipe = new ZodValidationPipe(schema);
    let caught: unknown;
    try {
      pipe.transform({});
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationFailedError);
    // The issue (with the input) is kept for translating, but never serialised into logs.
    expect(Object.keys(caught as object)).not.toContain('issue');
    expect((caught as ValidationFailedError).issue?.code).toBe('invalid_type');
    expect(answer(caught, { headers: { 'accept-language': 'fr' } }).body).toMatchObject({
      code: 'validation_failed',
      error: 'Nom : saisie obligatoire',
    });
    try {
      pipe.transform({ name: 'x', flag: 'ja' });
    } catch (error) {
      caught = error;
    }
    expect((caught as Error).message).toBe('Ungültige Eingabe: erwartet boolean, erhalten string');
    expect(answer(caught, { headers: { 'accept-language': 'it' } }).body?.error).toBe(
      'Immissione non valida: atteso boolean, ricevuto string',
    );
    expect(answer(caught, {}).body?.error).toBe((caught as Error).message);
    // A zod default the catalogue has no entry for: rendered again with zod's own locale.
    try {
      new ZodValidationPipe(schema.strict()).transform({ name: 'x', extra: 1 });
    } catch (error) {
      caught = error;
    }
    expect((caught as Error).message).toBe('Unbekannter Schlüssel: "extra"');
    expect(answer(caught, { headers: { 'accept-language': 'fr' } }).body?.error).toBe('Clé non reconnue : "extra"');
  });
});
