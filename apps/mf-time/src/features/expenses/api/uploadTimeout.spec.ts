import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { api } from '@zunft/web-common';
import { expensesApi } from './expenses.api';
import { formDataBytes, uploadTimeoutMs } from './uploadTimeout';

const KB = 1024;
const MB = 1024 * KB;

afterEach(() => {
  jest.restoreAllMocks();
});

describe('upload time limit', () => {
  it('30 s plus 1 s per 50 KB, at least the 60 s of before, at most 5 minutes', () => {
    expect(uploadTimeoutMs(0)).toBe(60_000);
    expect(uploadTimeoutMs(500 * KB)).toBe(60_000);
    expect(uploadTimeoutMs(MB)).toBe(60_000); // 30 s + 21 s
    expect(uploadTimeoutMs(2 * MB)).toBe(71_000);
    // A 5 MB photo that could not be shrunk: 82 s at 0.5 Mbit/s.
    expect(uploadTimeoutMs(5 * MB)).toBe(133_000);
    expect(uploadTimeoutMs(10 * MB)).toBe(235_000);
    expect(uploadTimeoutMs(20 * MB)).toBe(300_000);
  });

  it('create and update pass the limit of their body to the api client', async () => {
    const upload = jest.spyOn(api, 'upload').mockResolvedValue({});
    const form = new FormData();
    form.append('description', 'Hotel');
    form.append('receipt', new File([new Uint8Array(5 * MB)], 'foto.jpg', { type: 'image/jpeg' }), 'foto.jpg');
    expect(formDataBytes(form)).toBe(5 * MB + 5);
    await expensesApi.create(form);
    await expensesApi.update('e1', form);
    expect(upload.mock.calls).toEqual([
      ['/expenses', form, 'POST', { timeoutMs: 133_000 }],
      ['/expenses/e1', form, 'PUT', { timeoutMs: 133_000 }],
    ]);
  });
});
