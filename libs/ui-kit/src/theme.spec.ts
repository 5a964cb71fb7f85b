import { describe, expect, it } from '@jest/globals';
import { theme } from 'antd';
import { zunftColors, zunftTheme } from './theme';

// WCAG 2.x contrast of the theme's text colours (relative luminance, sRGB), computed from the
// tokens antd actually derives from zunftTheme. AA: 4.5:1 for body text, 3:1 for large text and
// non-text marks (icons, borders).

type Rgba = [number, number, number, number];

function parseColor(color: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim());
  if (hex) {
    let h = hex[1];
    if (h.length === 3) h = [...h].map((c) => c + c).join('');
    const alpha = h.length === 8 ? parseInt(h.slice(6, 8), 16) / 255 : 1;
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16), alpha];
  }
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(color.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
  throw new Error(`Unbekanntes Farbformat: ${color}`);
}

/** A (possibly transparent) colour as seen on an opaque background. */
function flatten(color: string, background: string): [number, number, number] {
  const [r, g, b, a] = parseColor(color);
  const [br, bg, bb, ba] = parseColor(background);
  if (ba !== 1) throw new Error(`Hintergrund muss deckend sein: ${background}`);
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
}

function relativeLuminance([r, g, b]: [number, number, number]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast ratio of a text colour on an opaque background (1 … 21). */
function contrastRatio(foreground: string, background: string): number {
  const fg = relativeLuminance(flatten(foreground, background));
  const bg = relativeLuminance(flatten(background, background));
  return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
}

const token = theme.getDesignToken(zunftTheme);
const tableHeaderBg = String(zunftTheme.components?.Table?.headerBg);
const menuSelectedBg = String(zunftTheme.components?.Menu?.itemSelectedBg);
/** Transparent disabled background, flattened on white as antd shows it on cards. */
const disabledBg = (() => {
  const [r, g, b] = flatten(token.colorBgContainerDisabled, token.colorBgContainer);
  return `rgb(${r}, ${g}, ${b})`;
})();

const LIGHT_BACKGROUNDS: Record<string, string> = {
  colorBgContainer: token.colorBgContainer,
  colorBgLayout: token.colorBgLayout,
  colorBgElevated: token.colorBgElevated,
  tableHeaderBg,
  menuSelectedBg,
};

const BODY_TEXTS = [
  'colorText',
  'colorTextHeading',
  'colorTextSecondary',
  'colorTextLabel',
  'colorTextTertiary',
  'colorTextDescription',
  'colorTextQuaternary',
  'colorTextPlaceholder',
  'colorTextDisabled',
  'colorLink',
  'colorLinkHover',
  'colorLinkActive',
  'colorPrimaryText',
  'colorPrimaryTextHover',
  'colorPrimaryTextActive',
  'colorSuccessText',
  'colorWarningText',
  'colorErrorText',
  'colorErrorTextHover',
  'colorInfoText',
] as const;

const bodyPairs = BODY_TEXTS.flatMap((name) =>
  Object.entries(LIGHT_BACKGROUNDS).map(([background, value]) => [name, background, token[name], value] as const),
);

/** antd's preset colours (antd/es/theme/interface/presetColors). */
const PresetColors = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

describe('theme contrast (WCAG AA)', () => {
  it('parses the colour formats antd derives', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // antd's default secondary text (black at 45 %) is the known failing case: 2.5:1 on white.
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#00000073', '#ffffff')).toBeCloseTo(contrastRatio('rgba(0,0,0,0.45)', '#fff'), 1);
  });

  it.each(bodyPairs)('%s on %s reaches 4.5:1', (_name, _background, foreground, background) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['colorTextDisabled', 'colorTextPlaceholder'] as const)('%s on disabled fields reaches 4.5:1', (name) => {
    expect(contrastRatio(token[name], disabledBg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['colorPrimary', token.colorPrimary],
    ['colorPrimaryHover', token.colorPrimaryHover],
    ['colorPrimaryActive', token.colorPrimaryActive],
    ['colorError', token.colorError],
    ['colorErrorHover', token.colorErrorHover],
    ['colorErrorActive', token.colorErrorActive],
  ])('white button text on %s reaches 4.5:1', (_name, background) => {
    expect(contrastRatio(token.colorTextLightSolid, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['colorSuccess', 'colorSuccessBg'],
    ['colorWarning', 'colorWarningBg'],
    ['colorError', 'colorErrorBg'],
    ['colorInfo', 'colorInfoBg'],
    ['colorSuccessText', 'colorSuccessBg'],
    ['colorWarningText', 'colorWarningBg'],
    ['colorErrorText', 'colorErrorBg'],
    ['colorInfoText', 'colorInfoBg'],
  ] as const)('status text %s on %s (tags, alerts) reaches 4.5:1', (text, background) => {
    expect(contrastRatio(token[text], token[background])).toBeGreaterThanOrEqual(4.5);
  });

  // <Tag color="gold"> etc.: antd writes the preset's 7th shade on its 1st (genPresetColor).
  it.each(PresetColors)('coloured tag text %s7 on %s1 and on white reaches 4.5:1', (color) => {
    const palette = token as unknown as Record<string, string>;
    expect(contrastRatio(palette[`${color}7`], palette[`${color}1`])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette[`${color}7`], token.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['colorSuccess', 'colorWarning', 'colorError', 'colorPrimary', 'colorIcon'] as const)(
    '%s as a plain text or icon colour on white reaches 4.5:1',
    (name) => {
      expect(contrastRatio(token[name], token.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['muted', 'textSecondary', 'textSubtle', 'primary', 'error', 'success', 'warning'] as const)(
    'zunftColors.%s (used directly by the apps) reaches 4.5:1 on surface, background and the selected item',
    (name) => {
      for (const background of [zunftColors.surface, zunftColors.background, zunftColors.primaryLight]) {
        expect(contrastRatio(zunftColors[name], background)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('keeps the brand: primary is still the Zunft blue', () => {
    expect(token.colorPrimary.toLowerCase()).toBe(zunftColors.primary);
    expect(token.colorLink.toLowerCase()).toBe(zunftColors.primary);
  });
});
