// ESLint (flat config) for every workspace. Type-aware where it matters: no floating promises, exhaustive switches.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'web/e2e/.artifacts/**', 'bench/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../../*/src/*', '../../*/src/*'], message: 'Import other workspaces by their @bleedkits/* name.' }] },
      ],
    },
  },
  {
    // The web imports across folders by `@/` (web/src): a path that climbs two folders is refused.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../../*/src/*', '../../*/src/*'], message: 'Import other workspaces by their @bleedkits/* name.' },
            { regex: '^\\.\\./\\.\\./', message: "Import from web/src by '@/…' instead of climbing two folders." },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.integration-spec.ts', '**/*.e2e-spec.ts', '**/*.generator-spec.ts', '**/test/**', 'web/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
