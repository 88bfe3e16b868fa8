// The house rules: typescript-eslint's type-checked recommended set, plus the checks that catch
// what tests rarely do (a promise nobody awaits, a switch that forgot a new union member).
// Formatting is Prettier's job (`npm run format`), so no stylistic rules here.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // Generated or built files, and what other tools own (migrations: drizzle-kit; the Python client).
    ignores: [
      'dist/**',
      '.build-scripts/**',
      '.tap/**',
      '.test-artifacts/**',
      'coverage/**',
      'openapi/**',
      'migrations/**',
      'clients/python/**',
      'clients/typescript/dist/**',
      'clients/typescript/src/api*',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The drizzle-kit configs belong to no tsconfig: they get a default project.
        projectService: { allowDefaultProject: ['drizzle.config.ts', 'drizzle.postgres.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // tap awaits the subtests it is handed (`t.test(...)` returns a PromiseWithSubtest).
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafePromises: [{ from: 'package', name: 'PromiseWithSubtest', package: '@tapjs/core' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      // A switch with a `default` chose to treat the other members alike; the check is for one that forgot them.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // `_name` marks a parameter an interface demands but this implementation does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests that play the bells fixture belong to its program (test/fixtures/bells/tsconfig.json says why).
    files: [
      'test/fixtures/bells/*.ts',
      'test/http/fixture-expansion.test.ts',
      'test/service/state-json.test.ts',
      'test/http/contract/route-schemas.test.ts',
    ],
    languageOptions: {
      parserOptions: { projectService: false, project: './test/fixtures/bells/tsconfig.json' },
    },
  },
  {
    // It implements the async GameStore over synchronous better-sqlite3: `async` turns its
    // methods' throws into the rejections the contract promises, with nothing to await.
    files: ['src/storage/sqlite/store.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests and benchmark scripts read answers off the wire as untyped JSON on purpose: they
    // check (or time) the wire, not the types, so `any` is the honest type of what they read.
    files: ['test/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // tap ends a subtest when the promise its callback returns settles; a callback that is not
    // async must call t.end() instead, so `async (t) => { ... }` with no await is tap's idiom.
    files: ['test/**/*.test.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // The few plain JavaScript files (loader hooks, the web build) belong to no tsconfig.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' },
    },
  },
);
