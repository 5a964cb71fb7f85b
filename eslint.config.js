// Lint rules for the whole workspace. The module-boundary rule is what keeps the architecture:
// apps never import apps, a service's code is private to it, the frontend never imports backend
// libraries, and only the shared contracts cross from server to client.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import i18next from 'eslint-plugin-i18next';

/** Imports server code may not make: other services (by package), frontend code. */
const SERVER_IMPORT_PATTERNS = [
  {
    group: [
      '@zunft/auth',
      '@zunft/auth/*',
      '@zunft/gateway',
      '@zunft/gateway/*',
      '@zunft/operations',
      '@zunft/operations/*',
      '@zunft/billing',
      '@zunft/billing/*',
    ],
    message: "A service's code is private: talk to it over HTTP, NATS request/reply or events.",
  },
  {
    group: ['@zunft/web-common', '@zunft/ui-kit', '@zunft/shell', '@zunft/mf-*', 'react', 'antd'],
    message: 'Backend code never imports frontend code.',
  },
];

export default [
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '**/coverage/**', '**/test-results/**', 'var/**'],
  },
  ...nx.configs['flat/base'],
  ...tseslint.configs.recommended,
  {
    files: ['**/src/**/*.ts', '**/src/**/*.tsx', 'e2e/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:server-lib', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:server-lib', 'type:contracts'] },
            { sourceTag: 'type:web-lib', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:web-lib', 'type:ui', 'type:contracts'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contracts'] },
          ],
        },
      ],
    },
  },
  // Nx resolves workspace packages only when they are declared dependencies, so an import of another
  // app or service by package name would slip through the rule above; these patterns close that gap.
  {
    files: [
      'apps/**/*.ts',
      'apps/**/*.tsx',
      'libs/web-common/**/*.ts',
      'libs/web-common/**/*.tsx',
      'libs/ui-kit/**/*.ts',
      'libs/ui-kit/**/*.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@zunft/shell', '@zunft/shell/*', '@zunft/mf-*'],
              message: 'Apps never import apps: load remotes through Module Federation.',
            },
            {
              group: [
                '@zunft/nest-common',
                '@zunft/nest-common/*',
                '@zunft/auth',
                '@zunft/auth/*',
                '@zunft/gateway',
                '@zunft/operations',
                '@zunft/billing',
                '@nestjs/*',
                'typeorm',
              ],
              message: 'Frontend code never imports backend code; share shapes through @zunft/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/**/*.ts', 'libs/nest-common/**/*.ts', 'libs/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_IMPORT_PATTERNS }] },
  },
  // Rooms with doors (issue 22): inside a service, a domain folder calls another folder's service
  // through its door (`index.ts`), never its repository. Same-folder imports stay legal. There is no
  // exemption: the read models (each service's `directory/` copies of other services' data,
  // operations' activity feed) are read through their doors' services too (DirectoryService,
  // ActivitiesService). No file is exempt (tools/eslint/door-rule.test.ts lints a new violation
  // against this config).
  {
    files: ['services/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_IMPORT_PATTERNS,
            {
              regex: '^(\\.\\./)+[^./][^/]*/(.*/)?[^/]+\\.repository(\\.js)?$',
              message:
                "Another module's repository is private: call its service through the folder's door (index.ts), adding the method you need there (taking your EntityManager when it must run in your transaction).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: [
      'apps/**/*.tsx',
      'apps/**/*.ts',
      'libs/web-common/**/*.tsx',
      'libs/web-common/**/*.ts',
      'libs/ui-kit/**/*.tsx',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Tests may reach for whatever they need to set up a scenario, but not across service borders.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Issue 15: no German (or any) UI text outside the i18n files. Flags JSX text and string
    // literals in JSX and in the attributes a user reads (title, placeholder, aria-label, label, …).
    files: ['apps/*/src/**/*.tsx'],
    ignores: ['**/*.spec.tsx', '**/test/**', '**/testing/**', '**/i18n/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'title',
              'placeholder',
              'aria-label',
              'aria-description',
              'label',
              'alt',
              'tooltip',
              'okText',
              'cancelText',
              'description',
              'message',
              'content',
              'subtitle',
              'emptyText',
              'addonBefore',
              'addonAfter',
              'suffix',
              'prefix',
              'extra',
              'text',
            ],
          },
          words: {
            exclude: [
              // no letter at all: digits, punctuation, symbols (✓, ·, –, …), emoji
              /^[^\p{L}]*$/u,
              '[A-Z_-]+',
              // identifiers and technical values: css, keys, routes, formats, antd props
              '[a-z][a-zA-Z0-9_./:#-]*',
              // the spec's brand and product names, currency and units
              'Zunft',
              'Swiss Made',
              'TWINT',
              'CHF',
              'EUR',
              'MwSt\\.?',
              'QR',
              'PDF',
              'IBAN',
              'E-Mail',
            ],
          },
        },
      ],
    },
  },
  {
    // Issue 28: the same rule for the services. What a service answers a user (the `message` of a
    // success answer) comes from the catalogue (`successMessage('success.…')`, de/fr/it), never a
    // literal: a string or template with letters as `message` in a returned object fails.
    // tools/eslint/german-literal-rule.test.ts proves it.
    files: ['services/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/migrations/**', '**/test/**', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ReturnStatement Property[key.name='message'] > Literal[value=/[A-Za-zÄÖÜäöüÀ-ÿ]/]",
          message: "A user's message comes from the catalogue: successMessage('success.…') (de, fr, it).",
        },
        {
          selector: "ReturnStatement Property[key.name='message'] > TemplateLiteral",
          message: "A user's message comes from the catalogue: successMessage('success.…', { params }) (de, fr, it).",
        },
      ],
    },
  },
  tseslint.configs.disableTypeChecked,
  prettier,
];
