// ESLint flat config (a dotfile so the top level keeps its fixed layout; npm run lint passes it with --config).
import js from '@eslint/js'
import stylistic from '@stylistic/eslint-plugin'
import tseslint from 'typescript-eslint'

// The formatter: @stylistic's fixable layout rules in the house style (no semicolons, single quotes, two-space
// indent, a space before a function's parentheses). `npm run format` applies them; `npm run lint` fails on any.
const formatting = stylistic.configs.customize({ indent: 2, quotes: 'single', semi: false, jsx: true, braceStyle: '1tbs', commaDangle: 'never', arrowParens: true })

// A function taking `done` (a Fastify callback hook, a content-type parser): the no-restricted-syntax rule of src/ below.
// It goes by the parameter's name (every callback hook in src/ names it `done`), so one named otherwise escapes it. Widened to
// next, cb and callback it flagged plain functions in src/mcp/core/ (route-ends.ts, update.ts) whose `next` is data.
const CALLBACK_HOOK = ":function[async=false]:has(> Identifier.params[name='done'])"

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tap/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  formatting,
  {
    rules: {
      '@stylistic/space-before-function-paren': ['error', 'always'],
      // What the code already does: a broken line ends with its operator, a ternary's lines start with theirs.
      '@stylistic/operator-linebreak': ['error', 'after', { overrides: { '?': 'before', ':': 'before', '|': 'before', '&': 'before' } }],
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true, allowTemplateLiterals: 'always' }],
      // Off: a list is laid out to read well (a row of a table on one line, long ones wrapped), not by one rule.
      '@stylistic/list-style': 'off',
      // Type members as the code writes them: a comma between members on one line, nothing at a line's end.
      '@stylistic/member-delimiter-style': ['error', { multiline: { delimiter: 'none' }, singleline: { delimiter: 'comma', requireLast: false } }],
      '@stylistic/max-statements-per-line': 'off',
      // 160, what the code can keep now (1,245 lines of src/ passed 120); comments still wrap at 120 by habit. Not
      // counted: URLs and regular expressions (a break would change them), and template literals, whose line breaks
      // are their text (the MCP guides, --help). An error, so a new long line fails `npm run lint`.
      '@stylistic/max-len': ['error', { code: 160, ignoreUrls: true, ignoreRegExpLiterals: true, ignoreTemplateLiterals: true }]
    }
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines': ['warn', { max: 320, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['warn', { max: 60, skipBlankLines: true, skipComments: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off'
    }
  },
  {
    // src/ has no `any` left: unknown plus narrowing says what a value is checked to be.
    files: ['src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // A Fastify hook is one style (issue 43): a callback hook (it takes `done`) calls done and returns nothing; its
      // rare async branch settles into done (lib/hook-done.ts). One that also returns a promise on some branch works
      // today only because Fastify's runner takes either, and an edit that calls done and returns a promise on one
      // branch goes on twice. A hook that awaits is an `async` function without `done`.
      'no-restricted-syntax': ['error', {
        selector: `${CALLBACK_HOOK} ReturnStatement[argument]:not(${CALLBACK_HOOK} :function ReturnStatement)`,
        message: 'A callback hook (it takes done) returns nothing: `done(); return`, or settleHook/settleSend (lib/hook-done.ts) for async work.'
      }, {
        selector: `${CALLBACK_HOOK}[expression=true]`,
        message: 'A callback hook (it takes done) returns nothing: give it a block body that calls done.'
      }]
    }
  },
  {
    // The demo page reads through services/ like every other caller (contextFor makes its context): never the stores,
    // whether read as `app.stores`, `app['stores']` or destructured (`const { stores } = app`, `({ stores }) =>`).
    files: ['src/admin/ui/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "MemberExpression[property.name='stores'], MemberExpression[property.value='stores'], ObjectPattern > Property[key.name='stores']",
        message: 'admin/ui reads through services/ (data.ts harnessContext, services/context.ts contextFor), not the stores.'
      }]
    }
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      'max-lines-per-function': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // A test's long line is an expected answer: kept whole, it reads against the product's text and a search for a
      // message finds it. So lines holding a string are not counted here either.
      '@stylistic/max-len': ['error', { code: 160, ignoreUrls: true, ignoreRegExpLiterals: true, ignoreTemplateLiterals: true, ignoreStrings: true }]
    }
  }
)
