import { describe, expect, it } from '@jest/globals';
import { cutAtWord, isQrText, toQrText } from './qr-charset.js';

describe('QR bill character set (SIX IG QR-bill 2.3)', () => {
  it.each([
    ['Zoltán Kővári', 'Zoltán Kovári'],
    ['Łukasz Wałęsa', 'Lukasz Walesa'],
    ['Œuvre € 5', 'OEuvre EUR 5'],
    ['Ștefan Țurcan', 'Stefan Turcan'],
    ['„Müller“ – Söhne…', '"Müller" - Söhne...'],
    ['Fassaden\tund\nDach', 'Fassaden und Dach'],
    ['Zeile 1\r\n\r\nZeile 2', 'Zeile 1 Zeile 2'],
    ['CHF\u202F1\u00A0000', 'CHF 1 000'],
    ['\u200FRTL\u200E marks\u202E', 'RTL marks'],
    ['Bäckerei 🥐 Huber', 'Bäckerei Huber'],
    ['Familie 👨‍👩‍👧 Meier', 'Familie Meier'],
    ['Flagge 🇨🇭 Schweiz', 'Flagge Schweiz'],
    ['Zero\u200Bwidth\uFEFF', 'Zerowidth'],
    ['Ｆｕｌｌ ｗｉｄｔｈ', 'Full width'],
    ['Ελληνικά Müller', 'Müller'],
  ])('%j → %j', (input, expected) => {
    const r = toQrText(input, 70);
    expect(r.value).toBe(expected);
    expect(r.replaced).toBe(true);
    expect(r.shortened).toBe(false);
    expect(isQrText(r.value)).toBe(true);
  });

  it('leaves permitted text alone', () => {
    expect(toQrText('  Müller & Söhne AG, Zürich  ', 70)).toEqual({
      value: 'Müller & Söhne AG, Zürich',
      replaced: false,
      shortened: false,
    });
  });

  it('cuts at the last word that fits', () => {
    const name = 'Genossenschaft für gemeinnützigen Wohnungsbau und Sanierung der Altstadt Winterthur';
    const r = toQrText(name, 70);
    expect(r.value).toBe('Genossenschaft für gemeinnützigen Wohnungsbau und Sanierung der');
    expect(r.value.length).toBeLessThanOrEqual(70);
    expect(r.shortened).toBe(true);
    expect(cutAtWord('x'.repeat(80), 70)).toBe('x'.repeat(70));
  });

  it('an emoji exactly at the cut never leaves half a character', () => {
    const input = `${'a'.repeat(69)}😀😀 Ende`;
    const r = toQrText(input, 70);
    expect(r.value).toBe('a'.repeat(69));
    expect(isQrText(r.value)).toBe(true);
    const atCut = toQrText(`${'Wort '.repeat(13)}ab😀cd efg`, 70);
    expect(atCut.value.length).toBeLessThanOrEqual(70);
    expect(isQrText(atCut.value)).toBe(true);
  });

  it('a 200-character name becomes at most 70 permitted characters', () => {
    const input = Array.from({ length: 40 }, (_, i) => `Nam${i % 10}ő`)
      .join(' ')
      .slice(0, 200);
    expect(input.length).toBe(200);
    const r = toQrText(input, 70);
    expect(r.value.length).toBeLessThanOrEqual(70);
    expect(r.value.endsWith(' ')).toBe(false);
    expect(r).toMatchObject({ replaced: true, shortened: true });
  });

  it('reading accepts the IG 2.3 extended set, rejects emoji and controls', () => {
    expect(isQrText('Jôachim Kräutłą €wigérmeisterstrasse Ș')).toBe(true);
    expect(isQrText('a\tb')).toBe(false);
    expect(isQrText('😀')).toBe(false);
    expect(isQrText('\u200F')).toBe(false);
  });
});
