import { describe, expect, it } from '@jest/globals';
import { toPinoArgs } from './logger.js';

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
