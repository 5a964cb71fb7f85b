import { describe, expect, it } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import { PublicApiError } from './publicApi';
import { isFinalLoadError, usePublicTokenPage } from './usePublicTokenPage';

interface Doc {
  token: string;
  language: string;
}

/** A load whose answers the test hands out one by one. */
function controlledLoad() {
  const pending = new Map<string, { resolve: (d: Doc) => void; reject: (e: unknown) => void }>();
  const calls: string[] = [];
  const load = (token: string) =>
    new Promise<Doc>((resolve, reject) => {
      calls.push(token);
      pending.set(token, { resolve, reject });
    });
  return { load, calls, pending };
}

describe('usePublicTokenPage', () => {
  it('ignores the answer of a superseded load (token changed meanwhile) and speaks the document’s language', async () => {
    const { load, pending } = controlledLoad();
    const { result, rerender } = renderHook(({ token }) => usePublicTokenPage<Doc, string>(token, load), {
      initialProps: { token: 'a' },
    });
    expect(result.current.phase.kind).toBe('loading');
    rerender({ token: 'b' });
    await act(async () => pending.get('b')!.resolve({ token: 'b', language: 'fr' }));
    await act(async () => pending.get('a')!.resolve({ token: 'a', language: 'it' }));
    expect(result.current.phase).toEqual({ kind: 'ready', data: { token: 'b', language: 'fr' } });
    expect(result.current.language).toBe('fr');
    expect(result.current.t('common.cancel')).toBe('Annuler');
  });

  it('a failed load retries on request; finish moves a ready page to done once', async () => {
    const { load, calls, pending } = controlledLoad();
    const { result } = renderHook(() => usePublicTokenPage<Doc, string>('t', load));
    const error = new PublicApiError(503, null);
    await act(async () => pending.get('t')!.reject(error));
    expect(result.current.phase).toEqual({ kind: 'failed', error });
    // No answer yet: finishing does nothing.
    act(() => result.current.finish('too early'));
    expect(result.current.phase.kind).toBe('failed');

    act(() => result.current.retry());
    await waitFor(() => expect(calls).toEqual(['t', 't']));
    await act(async () => pending.get('t')!.resolve({ token: 't', language: 'de' }));
    act(() => result.current.finish('signed'));
    expect(result.current.phase).toEqual({ kind: 'done', data: { token: 't', language: 'de' }, outcome: 'signed' });
    act(() => result.current.finish('again'));
    expect(result.current.phase).toMatchObject({ outcome: 'signed' });
  });

  it('404 and 410 are final (no retry); network, timeout and 5xx are not', () => {
    expect(isFinalLoadError(new PublicApiError(404, null))).toBe(true);
    expect(isFinalLoadError(new PublicApiError(410, 'Text', 'quote_already_answered'))).toBe(true);
    expect(isFinalLoadError(new PublicApiError(0, null))).toBe(false);
    expect(isFinalLoadError(new PublicApiError(408, null))).toBe(false);
    expect(isFinalLoadError(new PublicApiError(503, null))).toBe(false);
    expect(isFinalLoadError(new Error('x'))).toBe(false);
  });
});
