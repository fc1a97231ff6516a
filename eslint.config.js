// @ts-check
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {ignores: ['dist/**', 'node_modules/**', 'src/node/admin/generated/**', 'data/**', 'web/src/api/schema.ts']},
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'web/**/*.ts', 'web/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-globals': [
        'error',
        {name: 'parseFloat', message: 'Money is never a float: use src/node/ground/money.ts (web/src/lib/decimal.ts in the app).'},
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'examples/**/*.ts'],
    rules: {'@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off'},
  },
)
