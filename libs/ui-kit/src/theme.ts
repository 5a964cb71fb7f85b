import type { ThemeConfig } from 'antd';

/** Brand colours. Swiss red is an accent (logo mark, small highlights), never the primary action. */
export const zunftColors = {
  primary: '#1f5fae',
  primaryDark: '#174a89',
  primaryLight: '#e8f0fa',
  swissRed: '#d52b1e',
  ink: '#17212f',
  muted: '#5b6878',
  /** Secondary text (descriptions, labels): 7.3:1 on white. */
  textSecondary: '#4a5868',
  /** Placeholder and disabled text: still 4.5:1 on the light backgrounds (WCAG AA, read in the sun). */
  textSubtle: '#5f6b7a',
  border: '#dde3ea',
  surface: '#ffffff',
  background: '#f4f6f9',
  success: '#1a7a43',
  warning: '#9a5b00',
  error: '#c4321f',
} as const;

export const zunftFontFamily =
  "Inter, 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/**
 * Text colour of the coloured tags per antd preset colour (token `<colour>7`), each at least 4.5:1 on
 * its light tag background (`<colour>1`) and on white. theme.spec.ts checks every preset colour.
 */
const tagText = {
  gold: '#874d00',
  orange: '#ad4e00',
  green: '#237804',
  cyan: '#006d75',
  lime: '#3f6600',
  yellow: '#876800',
  volcano: '#ad2102',
} as const;

/**
 * The palette tokens for the tag texts: both spellings (`gold7` and the legacy `gold-7`), since both
 * become the CSS variable `--ant-gold-7` and the legacy one would otherwise override ours.
 */
export const tagTextShades: Record<string, string> = Object.fromEntries(
  Object.entries(tagText).flatMap(([color, value]) => [
    [`${color}7`, value],
    [`${color}-7`, value],
  ]),
);

/** antd 6 theme: calm blue, rounded, 16 px base text and 40 px controls for thumbs on phones. */
export const zunftTheme: ThemeConfig = {
  token: {
    colorPrimary: zunftColors.primary,
    colorInfo: zunftColors.primary,
    colorSuccess: zunftColors.success,
    colorWarning: zunftColors.warning,
    // antd derives greyish, too dark tints from the darkened status colours: light tints of our own.
    colorSuccessBg: '#e8f5ee',
    colorSuccessBorder: '#a9d5bb',
    colorWarningBg: '#fdf4e3',
    colorWarningBorder: '#f0cf8f',
    colorError: zunftColors.error,
    colorLink: zunftColors.primary,
    colorTextBase: zunftColors.ink,
    // antd derives secondary texts as transparent ink (0.65/0.45/0.25 alpha = 2.8:1 and 1.7:1 on white):
    // solid colours instead, so every text reaches WCAG AA (4.5:1) on white, the grey layout and the
    // selected menu item. theme.spec.ts computes the ratios.
    colorTextSecondary: zunftColors.textSecondary,
    colorTextLabel: zunftColors.textSecondary,
    colorTextTertiary: zunftColors.muted,
    colorTextDescription: zunftColors.muted,
    colorIcon: zunftColors.muted,
    colorTextQuaternary: zunftColors.textSubtle,
    colorTextPlaceholder: zunftColors.textSubtle,
    colorTextDisabled: zunftColors.textSubtle,
    // Hover/active states darken (the derived lighter blue and red fall below 4.5:1 with white text).
    colorPrimaryHover: zunftColors.primaryDark,
    colorPrimaryTextHover: zunftColors.primaryDark,
    colorLinkHover: zunftColors.primaryDark,
    colorErrorHover: '#a32a1a',
    colorErrorTextHover: '#a32a1a',
    // Coloured tags (<Tag color="gold">, status maps) write the palette's 7th shade on its 1st: antd's
    // gold, orange, green, cyan, lime, yellow and volcano reach only 2.0–4.4:1 there. One shade darker
    // (the same hue) gives 4.5:1 and more; blue, geekblue, purple, magenta and red already pass.
    ...tagTextShades,
    colorBgLayout: zunftColors.background,
    colorBorder: zunftColors.border,
    colorBorderSecondary: '#e8ecf1',
    fontFamily: zunftFontFamily,
    fontSize: 15,
    borderRadius: 10,
    borderRadiusLG: 14,
    borderRadiusSM: 6,
    controlHeight: 40,
    controlHeightLG: 46,
    wireframe: false,
  },
  components: {
    Layout: {
      bodyBg: zunftColors.background,
      headerBg: zunftColors.surface,
      siderBg: zunftColors.surface,
      headerHeight: 64,
      headerPadding: '0 16px',
    },
    Menu: {
      itemBorderRadius: 10,
      itemHeight: 44,
      itemMarginInline: 8,
      itemSelectedBg: zunftColors.primaryLight,
      itemSelectedColor: zunftColors.primary,
    },
    Card: { borderRadiusLG: 14 },
    Button: { fontWeight: 500, primaryShadow: 'none', defaultShadow: 'none' },
    Table: { headerBg: '#f7f9fb', cellPaddingBlock: 12 },
    Badge: { colorError: zunftColors.swissRed },
  },
};
