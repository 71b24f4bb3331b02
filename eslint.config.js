import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'build/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Examples a reader copies into a plain Node project: Node's own globals, no imports for them.
    files: ['docs/examples/**/*.mjs'],
    languageOptions: { globals: { fetch: 'readonly', Buffer: 'readonly' } },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['electron', 'react', 'react-dom', 'zustand'], patterns: ['electron/*', 'react/*'] },
      ],
    },
  },
  {
    // Only the wiring reaches into HTTP (docs/architecture.md): a schema or a check the core needs
    // lives beside what it serves, in src/shared or src/core, so the core has no ring through http.
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/http/**', 'src/core/index.ts', 'src/core/startSandbox.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'react', 'react-dom', 'zustand'],
          patterns: [
            { group: ['electron/*', 'react/*'] },
            {
              group: ['**/http/*', '**/http/**/*'],
              message:
                'Only the wiring (startSandbox.ts, index.ts) imports core/http: put what is needed in src/shared or src/core.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes translate HTTP to a core service and back (docs/architecture.md): the store is the
    // core's, so a rule a route needs goes into the service it calls; and a route holds no sandbox
    // of its own, each request reaching its one through request.workspace (the one door).
    files: ['src/core/http/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='store']",
          message: 'Routes do not reach the store: call (or add) a core service instead.',
        },
        {
          selector: "VariableDeclarator > ObjectPattern > Property[key.name='store']",
          message: 'Routes do not reach the store: call (or add) a core service instead.',
        },
        {
          selector:
            "Program > ExportNamedDeclaration > FunctionDeclaration > Identifier.params TSTypeReference[typeName.name='SandboxCore']",
          message: 'A route module takes no sandbox: each request reaches its own through request.workspace.',
        },
      ],
    },
  },
  {
    // Tests read untyped JSON responses; typing every body would only restate the OpenAPI check.
    files: ['src/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
