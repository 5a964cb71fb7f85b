/**
 * Module Federation singletons of the shell and every remote (brief, "Frontend contract"). Host and
 * remotes must declare the same list, or a second React / session context ends up in the browser,
 * so it lives here once. Third-party packages carry the version range of the app's package.json;
 * workspace libraries have no meaningful version.
 *
 * Only packages that hold state or React context are shared. A shared module is bundled whole (the
 * build cannot know which exports another app will use), so stateless libraries stay out and are
 * tree-shaken into each app instead: `@ant-design/icons` (shared, all ~800 icons = 137 KB brotli
 * on the dashboard; each app uses a few dozen) and `@zunft/contracts` (shared, every schema plus
 * zod came with the landing page for one helper). Measured with scripts/bundle-budget.mjs, see
 * docs/performance.md.
 */
export const THIRD_PARTY_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'antd',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  'dayjs',
] as const;

export const WORKSPACE_SINGLETONS = ['@zunft/web-common', '@zunft/ui-kit'] as const;

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
