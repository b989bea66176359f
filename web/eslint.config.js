// ESLint 9 flat config: typescript-eslint (type-checked), the React hooks rules, jsx-a11y (accessibility), and the
// project's feature boundaries. Formatting is Prettier's job (`npm run lint` runs both).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Features talk through src/lib, src/resources (one home per server resource: its query and mutation factories)
 * and the query cache, never to each other (shared/ARCHITECTURE.md).
 * For every folder in src/features, files inside it may not import another feature, neither through
 * the `@/` alias nor by a relative path that climbs out of the feature (one block per folder depth,
 * since how many `../` leave the feature depends on how deep the file sits).
 */
const FEATURES_DIR = new URL('./src/features/', import.meta.url);
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const MAX_DEPTH = 6;
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Tailwind palette colour utilities (`text-gray-500`, `bg-white`, `from-red-400/50`, …), as an esquery regex. */
const PALETTE_CLASS =
  '/\\b(bg|text|border|from|via|to|ring|fill|stroke|outline|shadow|divide|decoration|accent|caret|placeholder)-(white|black|slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)\\b/';
/** Hex colours and rgb()/hsl() in class names, styles and SVG attributes. */
const RAW_COLOUR = '/(#[0-9a-fA-F]{3,8}\\b|\\b(rgba?|hsla?)\\()/';

/**
 * Test handlers answer through the typed `http` of src/test/http.ts, so their paths and bodies are checked against
 * the server's schema (schema.d.ts). Listed in every `no-restricted-imports` below, since a later block's options
 * replace an earlier one's.
 */
const TYPED_MSW = {
  name: 'msw',
  importNames: ['http'],
  message: "Use `http` from '@/test/http': it checks a handler's path and answer against the schema.",
};

const featureBoundaries = features.flatMap((feature) =>
  Array.from({ length: MAX_DEPTH }, (_, depth) => ({
    name: `grow/feature-boundary/${feature}/${depth}`,
    files: [`src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [TYPED_MSW],
          patterns: [
            {
              regex: `^@/features/(?!${escapeRegex(feature)}(/|$))`,
              message: `Features may not import each other: move what '${feature}' needs to src/lib, src/resources or src/components.`,
            },
            {
              regex: '^@/app(/|$)',
              message:
                'Features never import the app (src/app): what both need lives in src/lib, src/resources or src/components.',
            },
            {
              regex: `^(\\.\\./){${depth + 1},}`,
              message: `This relative path leaves the '${feature}' feature: import shared code through '@/…', and never another feature.`,
            },
          ],
        },
      ],
    },
  })),
);

export default defineConfig(
  {
    name: 'grow/ignores',
    ignores: [
      'dist/',
      'node_modules/',
      'e2e/.artifacts/',
      'test-results/',
      'playwright-report/',
      'public/',
      'src/lib/api/schema.d.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    name: 'grow/typescript',
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // `_` marks a parameter or binding kept for its position only.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Types are imported as types (matches `verbatimModuleSyntax`).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    name: 'grow/react',
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    settings: {
      // Our primitives render these elements, so the rules check them like the elements themselves.
      'jsx-a11y': {
        components: { Button: 'button', Input: 'input', Textarea: 'textarea', Label: 'label' },
      },
    },
    rules: {
      // A missing dependency is a stale-closure bug, not a style nit.
      'react-hooks/exhaustive-deps': 'error',
      // `role` on our own components is a person's role (Avatar, BottomNav), not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    name: 'grow/node-scripts',
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'grow/node-configs',
    files: ['vite.config.ts', 'playwright.config.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // Colours come from the design tokens (src/index.css, shown on /design-system) so both themes and the
    // light-dark() fallback stay right: no hex or rgb()/hsl() colours and no Tailwind palette colours in the app.
    name: 'grow/colour-tokens',
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=REGEX]', 'TemplateElement[value.raw=REGEX]'].flatMap((selector) => [
          {
            selector: selector.replace('REGEX', PALETTE_CLASS),
            message:
              'Use a colour token (bg-primary, text-muted-foreground, …), not a Tailwind palette colour.',
          },
          {
            selector: selector.replace('REGEX', RAW_COLOUR),
            message: 'Use a colour token (var(--primary), bg-card, …), not a raw colour.',
          },
        ]),
      ],
    },
  },
  ...featureBoundaries,
  {
    // src/resources sits with src/lib under the features: every feature may read a resource, so a resource that
    // reached into a feature or the app would tie the features together again.
    name: 'grow/shared-code-is-feature-free',
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/resources/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [TYPED_MSW],
          patterns: [
            {
              // '@/features/…' as well as a relative '../features/…'.
              regex: '(^|/)features/',
              message: 'Shared code (src/lib, src/resources, src/components) may not depend on a feature.',
            },
            {
              regex: '^@/app(/|$)|^(\\.\\./)+app(/|$)',
              message: 'Shared code (src/lib, src/resources, src/components) may not depend on the app.',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'grow/typed-test-handlers',
    files: ['src/app/**/*.{ts,tsx}', 'src/test/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    ignores: ['src/test/http.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [TYPED_MSW] }] },
  },
);
