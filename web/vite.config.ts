/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, resolve as resolvePath } from 'node:path';
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

type ModuleGraph = {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => {
    importedIds: readonly string[];
    importers: readonly string[];
    dynamicImporters: readonly string[];
    isEntry: boolean;
    code: string | null;
  } | null;
};

const LUCIDE_ICON = /\/lucide-react\/dist\/esm\/icons\//;
const LUCIDE_BARREL = /\/lucide-react\/dist\/esm\/lucide-react\.mjs$/;

/** Each icon's module, by every name lucide-react exports it as (`export { default as X, … } from './icons/x.mjs'`). */
function lucideIcons(barrel: string, graph: ModuleGraph): Map<string, string> {
  const icons = new Map<string, string>();
  const code = graph.getModuleInfo(barrel)?.code ?? '';
  for (const [, names = '', file = ''] of code.matchAll(
    /export\s*\{([^}]*)\}\s*from\s*['"](\.\/icons\/[^'"]+)['"]/g,
  )) {
    const id = resolvePath(dirname(barrel), file);
    for (const name of names.split(',')) icons.set(name.replace(/^\s*default\s+as\s+/, '').trim(), id);
  }
  return icons;
}

/**
 * The modules `roots` import statically (leaving out `outside` and what only it leads to), as the build will hold
 * them: lucide-react's index imports every icon, and tree-shaking keeps only those used, so the icons followed are
 * those the modules name.
 */
function staticGraph(graph: ModuleGraph, roots: string[], outside = new Set<string>()): Set<string> {
  const ids = [...graph.getModuleIds()];
  const barrel = ids.find((id) => LUCIDE_BARREL.test(id));
  const icons = barrel ? lucideIcons(barrel, graph) : new Map<string, string>();
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || outside.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    stack.push(...info.importedIds.filter((imported) => !LUCIDE_ICON.test(imported)));
    if (!id.includes('/node_modules/')) {
      for (const [, names = ''] of (info.code ?? '').matchAll(
        /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g,
      )) {
        for (const name of names.split(',')) {
          const icon = icons.get((name.split(/\s+as\s+/)[0] ?? '').trim());
          if (icon) stack.push(icon);
        }
      }
    }
  }
  return seen;
}

/** The modules the entry (index.html) imports statically, found once per build. */
let entryModules: Set<string> | null = null;

function staticEntryGraph(graph: ModuleGraph): Set<string> {
  entryModules ??= staticGraph(
    graph,
    [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry && !isBoot(id)),
  );
  return entryModules;
}

/**
 * src/app/boot.ts is an entry of its own (a few hundred bytes, with what it imports), which index.html loads as an
 * async module script before the main entry: it starts fetching the first screen's chunks while the main entry
 * (React and the app, ~110 KB gzip) is still downloading, instead of after it has downloaded and run. The main entry
 * imports it too (the same module, fetched once).
 */
const BOOT_ENTRY = fileURLToPath(new URL('./src/app/boot.ts', import.meta.url));
const isBoot = (id: string) => id === BOOT_ENTRY;
let bootModules: Set<string> | null = null;

function staticBootGraph(graph: ModuleGraph): Set<string> {
  bootModules ??= staticGraph(graph, [BOOT_ENTRY]);
  return bootModules;
}

/** Puts the boot entry's script into index.html, first in <head>, as an async module (it waits for nothing). */
function bootScript(): Plugin {
  return {
    name: 'grow:boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId === BOOT_ENTRY,
        );
        if (!boot) throw new Error('the build has no boot entry (src/app/boot.ts)');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${boot.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

const FORMS = /\/node_modules\/(react-hook-form|@hookform|zod)\//;
const QR_CODE = /\/node_modules\/(qrcode|dijkstrajs|pngjs)\//;
/** The large libraries only some screens need: what imports them is kept out of 'shared'. */
const HEAVY = new RegExp(`${FORMS.source}|${QR_CODE.source}`);
const heavyReach = new Map<string, boolean>();

/** True when a module imports one of the HEAVY libraries, itself or through its static imports. */
function leadsToHeavy(id: string, graph: ModuleGraph): boolean {
  const known = heavyReach.get(id);
  if (known !== undefined) return known;
  heavyReach.set(id, false); // an import cycle adds nothing
  const reaches =
    HEAVY.test(id) || (graph.getModuleInfo(id)?.importedIds ?? []).some((next) => leadsToHeavy(next, graph));
  heavyReach.set(id, reaches);
  return reaches;
}

/**
 * Groups the code the lazy screens share into a few chunks instead of Rollup's one chunk per distinct set of
 * importers: left alone, each lucide icon and each small ui piece was a ~1 KB chunk of its own, and a screen
 * started with ~40 of them, fetched over HTTP/1.1's six connections in many round trips (the largest part of the
 * mobile LCP on slow 4G, as Lighthouse simulates it). What the entry imports statically is named as the entry's
 * own chunk: Rollup moves a grouped module's dependencies into its group unless they are grouped already, which
 * would otherwise pull React and the rest of the entry into 'shared' and make the first load fetch both.
 */
function chunkOf(id: string, graph: ModuleGraph): string | undefined {
  // The boot entry's modules (Vite's preload helper among them) make its own chunk, which the main entry imports.
  if (staticBootGraph(graph).has(id)) return 'boot';
  if (staticEntryGraph(graph).has(id)) return 'index';
  const path = id.replace(/\\/g, '/');
  // The signed-in app (shell, live channel, …) and what only signed-in screens share: one chunk, fetched with the
  // first screen's while the app asks who is signed in (src/app/screen-loaders.ts).
  if (path.endsWith('/src/app/signed-in-routes.tsx')) return 'app';
  // Forms: only the screens with a form (sign-in, profile, creating a project) load these.
  if (FORMS.test(path)) return 'forms';
  // The QR code maker: only the share dialogs and the scanner need it.
  if (QR_CODE.test(path)) return 'qrcode';
  // What leads to those stays out of the chunks every screen loads.
  if (leadsToHeavy(id, graph)) return undefined;
  // What the sign-in page needs and other code uses too is shared with it, else the sign-in page would load the
  // signed-in app's chunk for it; the rest goes with the signed-in app.
  const signIn = signInGraph(graph);
  if (signIn.has(id)) {
    const usedElsewhere = (graph.getModuleInfo(id)?.importers ?? []).some(
      (importer) => !signIn.has(importer),
    );
    return isSharedCode(id, path, graph) || usedElsewhere ? 'shared' : undefined;
  }
  return isSharedCode(id, path, graph) ? 'app' : undefined;
}

/** Libraries, ui pieces, and a feature's modules that other features use too (unless it is a lazy part itself). */
function isSharedCode(id: string, path: string, graph: ModuleGraph): boolean {
  if (path.includes('/node_modules/')) return true;
  if (/\/src\/(components|lib|resources)\//.test(path)) return true;
  const info = graph.getModuleInfo(id);
  const feature = /\/src\/features\/([^/]+)\//.exec(path)?.[1];
  if (!feature || !info || info.dynamicImporters.length > 0) return false;
  const users = new Set(
    info.importers.map((importer) => /\/src\/(features\/[^/]+|app)\//.exec(importer)?.[1]),
  );
  users.add(`features/${feature}`);
  return users.size > 1;
}

let signInModules: Set<string> | null = null;

/** What the sign-in screen imports statically, beyond the entry. */
function signInGraph(graph: ModuleGraph): Set<string> {
  signInModules ??= staticGraph(
    graph,
    [...graph.getModuleIds()].filter((id) => id.endsWith('/src/features/auth/screens/auth-screen.tsx')),
    staticEntryGraph(graph),
  );
  return signInModules;
}

export default defineConfig({
  define: { __API_SHAPE__: JSON.stringify(apiShape) },
  // @vitejs/plugin-react: the automatic JSX runtime, and React Fast Refresh under `npm run dev` (an edited
  // component updates in place and keeps its state).
  plugins: [react(), tailwindcss(), serviceWorkerAppPath(), bootScript()],
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
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        boot: BOOT_ENTRY,
      },
      onwarn(warning, warn) {
        // Radix ships "use client" directives, meaningless in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        manualChunks: (id, graph) => chunkOf(id, graph),
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
