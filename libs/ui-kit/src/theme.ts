import type { ThemeConfig } from 'antd';

/** Brand colours. Swiss red is an accent (logo mark, small highlights), never the primary action. */
export const zunftColors = {
  primary: '#1f5fae',
  primaryDark: '#174a89',
  primaryLight: '#e8f0fa',
  swissRed: '#d52b1e',
  ink: '#17212f',
  muted: '#5b6878',
  border: '#dde3ea',
  surface: '#ffffff',
  background: '#f4f6f9',
  success: '#1f8a4c',
  warning: '#c77c02',
  error: '#c4321f',
} as const;

export const zunftFontFamily =
  "Inter, 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** antd 6 theme: calm blue, rounded, 16 px base text and 40 px controls for thumbs on phones. */
export const zunftTheme: ThemeConfig = {
  token: {
    colorPrimary: zunftColors.primary,
    colorInfo: zunftColors.primary,
    colorSuccess: zunftColors.success,
    colorWarning: zunftColors.warning,
    colorError: zunftColors.error,
    colorLink: zunftColors.primary,
    colorTextBase: zunftColors.ink,
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
