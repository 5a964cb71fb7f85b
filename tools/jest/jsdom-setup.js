// jsdom lacks TextEncoder/TextDecoder, which browsers and Node have: react-router needs them, and
// the token's claims are read with TextDecoder. Set up for the jsdom projects (shell, web-common).
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
