import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import noLiteralUiText from './apps/admin/eslint/no-literal-ui-text.cjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/tmp/**', '**/.nx/**', '**/coverage/**', 'data/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:admin', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:site', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/admin/**/*.tsx', 'apps/site/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The back office speaks five languages: what it shows comes from apps/admin/src/i18n.
    files: ['apps/admin/src/**/*.ts', 'apps/admin/src/**/*.tsx'],
    ignores: ['apps/admin/src/**/*.spec.ts', 'apps/admin/src/**/*.spec.tsx'],
    plugins: { cms: { rules: { 'no-literal-ui-text': noLiteralUiText } } },
    rules: { 'cms/no-literal-ui-text': 'error' },
  },
  {
    // Stored XSS: the back office shows what visitors and editors typed (form messages above all);
    // React escapes text, so nothing in it may write raw HTML.
    files: ['apps/admin/src/**/*.ts', 'apps/admin/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'The back office renders values as text: no dangerouslySetInnerHTML.' },
        { selector: 'MemberExpression[property.name=/^(innerHTML|outerHTML)$/]', message: 'The back office renders values as text: no innerHTML/outerHTML.' },
        {
          selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln)$/]',
          message: 'The back office renders values as text: no HTML writing.',
        },
      ],
    },
  },
  {
    // Migrations are frozen history: each holds its SQL as it ran, so that a change elsewhere
    // never changes what an old migration does. They import typeorm and nothing else.
    files: ['apps/api/src/database/migrations/**/*.ts'],
    ignores: ['apps/api/src/database/migrations/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value!='typeorm']", message: 'A migration imports typeorm only: copy the SQL it runs into the migration.' },
        {
          selector: 'ExportNamedDeclaration[source], ExportAllDeclaration',
          message: 'A migration re-exports nothing: copy the SQL it runs into the migration.',
        },
        {
          selector: 'ImportExpression, TSImportEqualsDeclaration, TSImportType',
          message: 'A migration imports typeorm only: copy the SQL it runs into the migration.',
        },
        { selector: "CallExpression[callee.name='require']", message: 'A migration imports typeorm only: copy the SQL it runs into the migration.' },
      ],
    },
  },
  {
    // Nest's and other libraries' private internals change without notice: the API uses their
    // public API only. Route handlers read the query through our own wrappers, whose record of the
    // keys QueryKeysGuard reads (common/http/query-params.ts).
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['Query'],
              message:
                "Use @QueryParam('key', ...pipes) or @QueryDto() from common/http/query-params: QueryKeysGuard only lets through the query keys they record.",
            },
          ],
          patterns: [
            {
              group: ['@nestjs/*/constants', '@nestjs/*/constants.js', '@nestjs/*/enums/**', '@nestjs/*/*/constants', '@nestjs/*/*/enums/**'],
              message:
                "Nest's constants and enums deep paths are its private internals: use its public exports (for query keys, @QueryParam/@QueryDto from common/http/query-params).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs', '**/*.js', '**/*.mjs'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
