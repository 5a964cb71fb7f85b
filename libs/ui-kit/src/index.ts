export { zunftTheme, zunftColors, zunftFontFamily } from './theme';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { StatCard, type StatCardProps } from './StatCard';
export { StatCardGrid, type StatCardGridProps } from './StatCardGrid';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ListToolbar, type ListToolbarProps } from './ListToolbar';
export { LinkButton } from './LinkButton';
export { RemotePageHost, type RemotePageHostProps } from './RemotePageHost';
export { FormModal, type FormModalProps } from './FormModal';
export { useIsMobile } from './useIsMobile';
export { LoadError, type LoadErrorProps } from './LoadError';
export { ViewToggle, type ViewMode, type ViewToggleProps } from './ViewToggle';
export { zodRule, pageLanguage, type ParsesWithIssues } from './zodRule';
export {
  ListScreen,
  type ListScreenProps,
  type ListPaging,
  type ListPagesPaging,
  type ListMorePaging,
} from './ListScreen';
export { useListControls, useDebounced, type ListControls } from './useListControls';
