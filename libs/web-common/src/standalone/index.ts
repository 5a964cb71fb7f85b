// Sub-path export `@zunft/web-common/standalone`: the standalone development page of the remotes.
// Kept out of the package root, which the shell loads on its antd-free public pages.
export { mountStandalone, type StandaloneOptions } from './mountStandalone';
