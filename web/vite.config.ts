import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Paths the Go server answers; `npm run dev` forwards them to `make run`'s server.
const backend = 'http://localhost:8080';
const proxied = ['/api', '/healthz', '/readyz', '/robots.txt', '/sitemap.xml'];

export default defineConfig({
  plugins: [react()],
  // Prerendered pages show the build's year until the browser renders the current one.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/budget.mjs and scripts/prerender.mjs.
    manifest: true,
    // Every browser the site supports preloads modules itself.
    modulePreload: { polyfill: false },
    // Few, large chunks for a first visit: React (evaluated first, src/main.tsx), the query
    // cache (TanStack Query's core, which the boot script's route loaders fill before React
    // is in, app/load.ts), the other libraries (the router, i18next, zustand, TanStack
    // Query's React side), the public site's frame and shared components, its texts in the
    // visitor's language, and the app's own start; each page and the console stay apart (a
    // page loads its own code only).
    rollupOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // The public site's texts: one chunk per language (the console's stay apart).
            {
              name: (id: string) => `texts-${/[\\/]locales[\\/](\w+)[\\/]/.exec(id)?.[1]}`,
              test: /[\\/]locales[\\/]\w+[\\/](common|site|chat|booking)\.json$/,
              priority: 4,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]app[\\/]runtime\.ts$/, priority: 3 },
            { name: 'cache', test: /node_modules[\\/]@tanstack[\\/](query-core[\\/]|react-query[\\/]build[\\/]modern[\\/]queryOptions\.js)/, priority: 3 },
            { name: 'libraries', test: /node_modules[\\/](react-router|i18next|react-i18next|zustand|use-sync-external-store|@tanstack[\\/](query-core|react-query))[\\/]/, priority: 2 },
            { name: 'site', test: /[\\/]src[\\/](features[\\/]site|components)[\\/](?!api[\\/]|pages[\\/])/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
