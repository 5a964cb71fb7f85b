import { describe, expect, it } from '@jest/globals';
import { escapeHtml, escapeMultiline, safeImageDataUrl } from './escape-html.js';

describe('escapeHtml', () => {
  it('escapes the characters that start markup or end attributes', () => {
    expect(escapeHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escapeHtml(`"><img src=x onerror='a'>`)).toBe('&quot;&gt;&lt;img src=x onerror=&#39;a&#39;&gt;');
    expect(escapeHtml('Müller & Söhne `x`')).toBe('Müller &amp; Söhne &#96;x&#96;');
  });

  it('escapes already escaped text again (no double-decoding tricks)', () => {
    expect(escapeHtml('&lt;b&gt;')).toBe('&amp;lt;b&amp;gt;');
  });

  it('prints null and undefined as nothing and numbers as text', () => {
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(12.5)).toBe('12.5');
  });

  it('keeps line breaks of multi-line text after escaping', () => {
    expect(escapeMultiline('Seestrasse 5\r\n<b>8002</b> Zürich\nCH')).toBe(
      'Seestrasse 5<br>&lt;b&gt;8002&lt;/b&gt; Zürich<br>CH',
    );
  });
});

describe('safeImageDataUrl', () => {
  it('accepts base64 image data URLs only', () => {
    expect(safeImageDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeImageDataUrl('http://127.0.0.1/logo.png')).toBeNull();
    expect(safeImageDataUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageDataUrl('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(safeImageDataUrl('data:image/png;base64,AAA" onerror="alert(1)')).toBeNull();
    expect(safeImageDataUrl(null)).toBeNull();
  });
});
