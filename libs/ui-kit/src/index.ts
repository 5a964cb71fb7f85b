export { zunftTheme, zunftColors, zunftFontFamily } from './theme';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { StatCard, type StatCardProps } from './StatCard';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { LinkButton } from './LinkButton';
export { RemotePageHost, type RemotePageHostProps } from './RemotePageHost';
