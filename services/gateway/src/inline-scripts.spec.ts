import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { inlineScriptHashes } from './inline-scripts.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline script hashes for the CSP', () => {
  it("hashes each inline script's exact text, skips scripts with src and empty ones", () => {
    const shell = '(function(e){paint()})({});';
    const html = `<html><head><script defer src="/main.1a2b.js"></script></head><body>
      <div id="root"></div><script>${shell}</script><script type="module">
  boot();
</script><script></script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(shell), sha('\n  boot();\n')]);
  });

  it('a page without inline scripts adds nothing', () => {
    expect(inlineScriptHashes('<!doctype html><body><script src="/a.js"></script></body>')).toEqual([]);
  });
});
