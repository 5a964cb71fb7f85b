import { customerRequestSchema, loginRequestSchema } from '../index.js';
import { translateValidationMessage } from './validation-language.js';

function firstMessage(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a validation error');
  return result.error!.issues[0]!.message;
}

describe('translateValidationMessage', () => {
  const required = firstMessage(customerRequestSchema, {});
  const invalidEmail = firstMessage(loginRequestSchema, { email: 'kein-mail', password: 'x' });

  it('keeps German byte for byte', async () => {
    expect(required).toBe('Firmenname / Name ist erforderlich');
    await expect(translateValidationMessage(required, 'de')).resolves.toBe(required);
    await expect(translateValidationMessage(invalidEmail, 'de')).resolves.toBe(invalidEmail);
  });

  it('translates the required message and its field label to French and Italian', async () => {
    const fr = await translateValidationMessage(required, 'fr');
    const it = await translateValidationMessage(required, 'it');
    expect(fr).not.toBe(required);
    expect(fr).toMatch(/obligatoire/);
    expect(fr).not.toMatch(/Firmenname|erforderlich/);
    expect(it).toMatch(/obbligatori/);
    expect(it).not.toMatch(/Firmenname|erforderlich/);
  });

  it('translates the invalid e-mail message', async () => {
    const fr = await translateValidationMessage(invalidEmail, 'fr');
    expect(fr).not.toBe(invalidEmail);
    expect(fr).toMatch(/e-mail/i);
    expect(fr).not.toMatch(/gültige|Bitte/);
  });

  it('leaves an unknown text and an unknown language as they are', async () => {
    await expect(translateValidationMessage('Etwas ganz anderes', 'fr')).resolves.toBe('Etwas ganz anderes');
    await expect(translateValidationMessage(required, 'en')).resolves.toBe(required);
  });
});
