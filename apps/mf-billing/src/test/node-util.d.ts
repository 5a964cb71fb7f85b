// The one Node built-in the jsdom test setup imports; the app's tsconfig has no Node types.
declare module 'node:util' {
  export const TextEncoder: typeof globalThis.TextEncoder;
  export const TextDecoder: typeof globalThis.TextDecoder;
}
