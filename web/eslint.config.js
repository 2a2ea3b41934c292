// The web app's linter (`npm run lint`, run by `make lint`): JavaScript and TypeScript
// recommended rules, the rules of hooks, and the boundaries between features.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The features of src/features: each a folder. */
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The files a feature shows the others: its index.ts, and for booking two more faces
 * kept apart from it so that the pages with the form do not carry them (manage.ts, the
 * page behind a manage link; offer.ts, the page behind a waitlist offer).
 */
const publicFaces = (feature) =>
  feature === 'booking' ? ['index.ts', 'manage.ts', 'offer.ts'].map((file) => `./booking/${file}`) : [`./${feature}/index.ts`];

/** Features import each other through their public faces only; shared code imports no feature. */
const boundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...features.filter((other) => other !== feature).flatMap(publicFaces)],
    message: 'A feature imports another only through its index.ts (its public face).',
  })),
  {
    target: ['./src/components', './src/lib', './src/stores'],
    from: './src/features',
    message: 'Shared code (components/ui, lib, stores) does not depend on a feature.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', '.prerender/', 'node_modules/', 'e2e/screenshots/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // The app: browser code, React hooks, feature boundaries.
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      // `_` names what a destructuring leaves out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^_', argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The build's scripts and the tools' configs: Node.
    files: ['scripts/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The console's service worker (public/admin/sw.js), served as it is written.
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.serviceworker, sourceType: 'script' },
  },
  {
    // The browser tests: Node, driving pages in which some of their functions run.
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
