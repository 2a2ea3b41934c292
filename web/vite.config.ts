import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Paths the Go server answers; `npm run dev` forwards them to `make run`'s server.
const backend = 'http://localhost:8080';
const proxied = ['/api', '/healthz', '/readyz', '/metrics', '/robots.txt', '/sitemap.xml'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/budget.mjs to measure the initial JavaScript of the public site.
    manifest: true,
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
