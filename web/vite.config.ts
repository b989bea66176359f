/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, transformWithEsbuild, type Plugin } from 'vite';

// The Rust server in development; GROW_DEV_SERVER points the proxy elsewhere (e.g. a mock).
const server = process.env.GROW_DEV_SERVER ?? 'http://127.0.0.1:5000';

/**
 * The service worker (public/sw.js, copied as it is) checks where a notification leads with the app's own helper:
 * src/lib/app-path.ts, built here into /app-path.js as a classic script (`self.growAppPath`) that the worker loads
 * with importScripts. One definition for both.
 */
function serviceWorkerAppPath(): Plugin {
  const source = fileURLToPath(new URL('./src/lib/app-path.ts', import.meta.url));
  return {
    name: 'grow:service-worker-app-path',
    apply: 'build',
    async generateBundle() {
      const { code } = await transformWithEsbuild(await readFile(source, 'utf8'), source, {
        format: 'iife',
        globalName: 'growAppPath',
        target: 'es2020',
      });
      this.emitFile({ type: 'asset', fileName: 'app-path.js', source: code });
    },
  };
}

/**
 * The shape of the server's answers, as the generated API types say it: what the offline copy keeps is only restored
 * by a build of the same shape (src/lib/persisted-cache.ts), with no version to remember to bump.
 */
const apiShape = createHash('sha256')
  .update(readFileSync(fileURLToPath(new URL('./src/lib/api/schema.d.ts', import.meta.url))))
  .digest('hex')
  .slice(0, 16);

export default defineConfig({
  define: { __API_SHAPE__: JSON.stringify(apiShape) },
  // @vitejs/plugin-react: the automatic JSX runtime, and React Fast Refresh under `npm run dev` (an edited
  // component updates in place and keeps its state).
  plugins: [react(), tailwindcss(), serviceWorkerAppPath()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/ws': { target: server, ws: true },
      '/sw.js': { target: server },
      '/app-path.js': { target: server },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    rollupOptions: {
      onwarn(warning, warn) {
        // Radix ships "use client" directives, meaningless in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  test: {
    // Every core: vitest's default leaves one free, which on a two-core machine runs the files one at a time
    // (3:16 against 1:49 with both).
    maxWorkers: availableParallelism(),
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
  },
});
