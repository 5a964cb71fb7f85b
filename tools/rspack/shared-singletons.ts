/**
 * Module Federation singletons of the shell and every remote (brief, "Frontend contract"). Host and
 * remotes must declare the same list, or a second React / session context ends up in the browser,
 * so it lives here once. Third-party packages carry the version range of the app's package.json;
 * workspace libraries have no meaningful version.
 */
export const THIRD_PARTY_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'antd',
  '@ant-design/icons',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  'dayjs',
] as const;

export const WORKSPACE_SINGLETONS = ['@zunft/web-common', '@zunft/ui-kit', '@zunft/contracts'] as const;

export function sharedSingletons(dependencies: Record<string, string>) {
  return {
    ...Object.fromEntries(
      THIRD_PARTY_SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: dependencies[name] ?? false }]),
    ),
    ...Object.fromEntries(
      WORKSPACE_SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false as const }]),
    ),
  };
}
