// Below antd's md breakpoint (768 px): tables turn into card lists, dialogs go full width.
export { useIsMobile } from '@zunft/ui-kit';
