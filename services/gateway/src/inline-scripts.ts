// The inline scripts of the shell's index.html (the app shell: apps/shell/src/app-shell) are
// allowed by their SHA-256 in the Content-Security-Policy, read from the built files when the
// gateway starts. Nothing else inline runs: script-src stays 'self' plus these hashes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** `<script>` elements without `src` (their text is what the browser hashes). */
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;

/** CSP source expressions (`'sha256-…'`) of the inline scripts in `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes) || body.trim() === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The hashes of every HTML page the gateway serves from the shell's build (missing files: none). */
export function shellInlineScriptHashes(shellDist: string, pages = ['index.html', 'site/index.html']): string[] {
  const hashes = new Set<string>();
  for (const page of pages) {
    let html: string;
    try {
      html = readFileSync(path.join(shellDist, page), 'utf8');
    } catch {
      continue;
    }
    for (const hash of inlineScriptHashes(html)) hashes.add(hash);
  }
  return [...hashes];
}
