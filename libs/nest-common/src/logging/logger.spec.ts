import { describe, expect, it } from '@jest/globals';
import { createLogger, toPinoArgs } from './logger.js';

describe('toPinoArgs (Nest Logger → pino)', () => {
  it('keeps text messages as the log text', () => {
    expect(toPinoArgs('listening', 'Main')).toEqual([{ context: 'Main' }, 'listening']);
  });

  it('turns an object message into JSON fields with its msg as text (never "[object Object]")', () => {
    expect(toPinoArgs({ msg: 'user anonymised', userId: 'u1', time_entries: 3 }, 'Directory')).toEqual([
      { context: 'Directory', userId: 'u1', time_entries: 3 },
      'user anonymised',
    ]);
    expect(toPinoArgs({ consumer: 'c1' })).toEqual([{ context: undefined, consumer: 'c1' }, '']);
  });

  it('logs an Error with its message and the error itself', () => {
    const error = new Error('kaputt');
    expect(toPinoArgs(error, 'X')).toEqual([{ context: 'X', err: error }, 'kaputt']);
  });
});

describe('createLogger redaction', () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    const destination = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    return { lines, logger: createLogger({ service: 'test', destination }) };
  };

  it('never writes passwords, tokens, cookies, IBANs or e-mail addresses held in fields', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'Geheim123!',
        body: { newPassword: 'Neu12345', email: 'anna@huber.ch', iban: 'CH93 0076 2011 6238 5295 7' },
        headers: { authorization: 'Bearer abc.def.ghi', cookie: 'zunft_refresh=xyz' },
        refreshToken: 'r1',
        userId: 'u1',
      },
      'login',
    );
    const line = lines[0]!;
    expect(line).toMatchObject({
      password: '[redacted]',
      body: { newPassword: '[redacted]', email: '[redacted]', iban: '[redacted]' },
      headers: { authorization: '[redacted]', cookie: '[redacted]' },
      refreshToken: '[redacted]',
      userId: 'u1',
      msg: 'login',
    });
    expect(JSON.stringify(line)).not.toMatch(/Geheim|Neu123|anna@|CH93|abc\.def|xyz|"r1"/);
  });

  it('masks e-mail addresses, IBANs and tokens inside texts (message, other fields, errors)', () => {
    const { lines, logger } = capture();
    const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';
    logger.warn(
      { note: 'Mail an luca.meier@zunft.ch fehlgeschlagen', err: new Error(`Konto CH9300762011623852957 mit ${jwt}`) },
      'Versand an sara.keller@zunft.ch, Header Bearer sk_live_123',
    );
    const text = JSON.stringify(lines[0]);
    expect(text).not.toMatch(/luca\.meier|sara\.keller|CH9300762011623852957|eyJhbGci|sk_live_123/);
    expect(lines[0]).toMatchObject({
      note: 'Mail an [email] fehlgeschlagen',
      msg: 'Versand an [email], Header Bearer [redacted]',
    });
    expect(lines[0]!.err).toMatchObject({ type: 'Error', message: 'Konto [iban] mit [redacted]' });
  });
});
