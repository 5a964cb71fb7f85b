import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { customerRequestSchema, loginRequestSchema } from '@zunft/contracts';
import type { RuleObject } from 'antd/es/form';
import { zodRule } from './zodRule';

// ui-kit's tests run in Node: a minimal <html lang> stands in for the page web-common keeps in sync.
const page = { documentElement: { lang: '' } };
const globals = globalThis as { document?: unknown };

async function messageOf(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | undefined> {
  const { validator } = rule as RuleObject;
  try {
    await validator!({} as RuleObject, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  const name = zodRule(customerRequestSchema.shape.name);
  const email = zodRule(loginRequestSchema.shape.email);

  beforeAll(() => {
    globals.document = page;
  });
  afterAll(() => {
    delete globals.document;
  });

  it('German: the schema message byte for byte', async () => {
    page.documentElement.lang = 'de';
    await expect(messageOf(name, '')).resolves.toBe('Firmenname / Name ist erforderlich');
    await expect(messageOf(email, 'kein-mail')).resolves.toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    await expect(messageOf(name, 'Muster AG')).resolves.toBeUndefined();
  });

  it('French user: required and invalid e-mail in French (server catalogue)', async () => {
    page.documentElement.lang = 'fr';
    const required = await messageOf(name, '');
    expect(required).toMatch(/obligatoire/);
    expect(required).not.toMatch(/Firmenname|erforderlich/);
    const invalid = await messageOf(email, 'kein-mail');
    expect(invalid).toMatch(/adresse e-mail valable/);
    await expect(messageOf(email, 'anna@example.ch')).resolves.toBeUndefined();
  });

  it('Italian user: required in Italian', async () => {
    page.documentElement.lang = 'it';
    await expect(messageOf(name, undefined)).resolves.toMatch(/obbligatori/);
  });

  it('no language on the page: German', async () => {
    page.documentElement.lang = '';
    await expect(messageOf(name, '')).resolves.toBe('Firmenname / Name ist erforderlich');
  });
});
