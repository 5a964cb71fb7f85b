/*
 * Upload time limit that grows with the body. The api client's fixed 60 s are too short for a
 * receipt from a phone with bad reception: 30 s for the connection and the server's answer, plus
 * 1 s per 50 KB, i.e. enough down to 0.4 Mbit/s (a 10 MB PDF: ~4 min). Never below the client's
 * 60 s of before, never above 5 minutes.
 */
export const UPLOAD_TIMEOUT = {
  baseMs: 30_000,
  msPerChunk: 1_000,
  chunkBytes: 50 * 1024,
  minMs: 60_000,
  maxMs: 5 * 60_000,
} as const;

export function uploadTimeoutMs(bytes: number): number {
  const { baseMs, msPerChunk, chunkBytes, minMs, maxMs } = UPLOAD_TIMEOUT;
  const ms = baseMs + Math.ceil(Math.max(0, bytes) / chunkBytes) * msPerChunk;
  return Math.min(maxMs, Math.max(minMs, ms));
}

/** Approximate size of a multipart body: its files and text fields (the boundaries are negligible). */
export function formDataBytes(form: FormData): number {
  let bytes = 0;
  for (const [, value] of form.entries()) bytes += typeof value === 'string' ? value.length : value.size;
  return bytes;
}
