import { Grid } from 'antd';

/** Below antd's md breakpoint (768 px): tables turn into card lists, dialogs go full width. */
export function useIsMobile(): boolean {
  const screens = Grid.useBreakpoint();
  // Before the first measurement every breakpoint is undefined: assume the phone layout.
  return !screens.md;
}
