// Shared jest settings for Node (NestJS, ESM) projects. NestJS 12 is ESM-only, so tests run as
// ES modules (NODE_OPTIONS=--experimental-vm-modules, set by the test scripts) and are compiled
// by swc with legacy decorators and decorator metadata, as Nest's DI needs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

/** @param {string} projectDir absolute directory of the project */
export function nodePreset(projectDir, overrides = {}) {
  return {
    rootDir: projectDir,
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: { '^.+\\.(t|j)sx?$': swcTransform },
    testMatch: ['**/?(*.)+(spec|int-spec).[jt]s?(x)'],
    moduleNameMapper: {
      '^@zunft/(contracts|nest-common)$': path.join(root, 'libs/$1/src/index.ts'),
      '^@zunft/nest-common/testing$': path.join(root, 'libs/nest-common/src/testing/index.ts'),
      '^@zunft/nest-common/tracing$': path.join(root, 'libs/nest-common/src/tracing/tracing.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    // jest's own output plus var/test-failures/<project>.txt with the failing tests, which
    // scripts/test.mjs prints at the end of a failed run (CI keeps only the log's tail).
    reporters: ['default', path.join(root, 'tools/jest/failure-summary-reporter.js')],
    // Two workers on CI's two cores (jest's own default there is one: cores − 1). Measured on the idle
    // machine (docs/performance.md, «CI time»): billing 268 → 145 s, operations 90 → 53 s, auth 55 →
    // 36 s, mf-time 102 → 70 s. Every integration suite has its own database, NATS stream and queue
    // prefix, so two suites never see each other. JEST_MAX_WORKERS=1 when the machine is shared.
    maxWorkers: Number(process.env.JEST_MAX_WORKERS ?? 2),
    ...overrides,
  };
}
