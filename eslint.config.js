import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** One `no-restricted-imports` rule from a list of forbidden import patterns (regular expressions). */
const forbid = (...patterns) => [
  'error',
  { patterns: patterns.map(([regex, message]) => ({ regex, message })) },
];

// The house rules of ../shared/DESIGN.md ("Layout"), checked: each part of the code imports only what it may.
const UP_AND_OVER = [
  '^\\.\\./',
  'Import from another folder through its alias (#shared/…, #server/…, #client/…).',
];
const SERVER = ['^#server/', 'The browser code never imports the server.'];
const CLIENT = ['^#client/', 'The server never imports the browser code.'];
const TOAST = [
  '^react-hot-toast$',
  'Screens raise toasts through #client/lib/toast.ts, whose loading has the app mount their container.',
];

const boundaries = [
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': forbid(UP_AND_OVER) },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': forbid(UP_AND_OVER, [
        '^(?!zod$|\\./|#shared/)',
        'Shared code is browser-safe and imports only zod and shared code.',
      ]),
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: [
      'src/client/lib/toast.ts',
      'src/client/app/toasts.tsx',
      'src/client/testing/**',
      '**/*.test.tsx',
    ],
    rules: { 'no-restricted-imports': forbid(UP_AND_OVER, SERVER, TOAST) },
  },
  ...folders('./src/client/features').map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': forbid(UP_AND_OVER, SERVER, TOAST, [
        `^#client/(features/(?!${feature}/)|app/)`,
        'A feature imports no other feature and not the app: app/ composes them.',
      ]),
    },
  })),
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': forbid(UP_AND_OVER, CLIENT) },
  },
  {
    files: ['src/server/db/**/*.ts', 'src/server/adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(UP_AND_OVER, CLIENT, [
        '^#server/modules/',
        'The database and the adapters serve the modules; they never import them.',
      ]),
    },
  },
  ...folders('./src/server/modules').map((module) => ({
    files: [`src/server/modules/${module}/**/*.ts`],
    ignores: ['src/server/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': forbid(
        UP_AND_OVER,
        CLIENT,
        [
          `^#server/modules/(?!${module}/)[^/]+/[^/]+\\.repo\\.ts$`,
          "A module reads and writes only its own tables: use the other module's service.",
        ],
        [
          `^#server/modules/(?!${module}/)[^/]+/(?![^/]+\\.(service|repo)\\.ts$)`,
          'Another module is reached through its one public service (<domain>.service.ts) only.',
        ],
      ),
    },
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Rules that need the types: a promise nobody awaits or marks with `void` is a bug waiting to happen.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  ...boundaries,
  {
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
);
