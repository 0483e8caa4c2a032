/**
 * Builds the account UI (renderer/) into dist/, which the platform server serves on the same origin as /api and the
 * desktop app serves through app://, and the Electron main process (dist-electron/main.mjs, ES module) and preload
 * (dist-electron/preload.cjs: one bundled CommonJS file, since a sandboxed preload cannot load ES modules).
 * `vite` alone runs a dev server proxying /api and the realtime paths to the platform server on :8080.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import electron from 'vite-plugin-electron';

const platformServer = process.env.PLATFORM_URL ?? 'http://127.0.0.1:8080';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const outDir = here('./dist-electron');
/** Main keeps its runtime dependencies as imports; Electron and Node resolve them from node_modules. */
const mainExternal = ['electron', 'electron-store', 'electron-updater', /^node:/];

export default defineConfig({
  root: 'renderer',
  // Root-absolute asset paths: the UI's routes are nested (/inbox/12), and both the platform server and the app://
  // handler answer a route with index.html — relative paths would then resolve under the route and load nothing.
  base: '/',
  plugins: [
    react(),
    // Each entry says its entry only in `build.lib`: given a top-level `entry` too, the plugin merges its own lib
    // settings with ours, joining the format lists, and each file was built twice (the preload first as ESM).
    electron([
      {
        // Never start Electron from here: its binary cannot be downloaded on our machines (npm start decides).
        onstart: () => {},
        vite: {
          resolve: { tsconfigPaths: true },
          build: {
            outDir,
            emptyOutDir: false,
            lib: { entry: here('./electron/main/index.ts'), formats: ['es'], fileName: () => 'main.mjs' },
            rollupOptions: { external: mainExternal },
          },
        },
      },
      {
        onstart: ({ reload }) => reload(),
        vite: {
          resolve: { tsconfigPaths: true },
          build: {
            outDir,
            emptyOutDir: false,
            lib: {
              entry: here('./electron/preload/index.ts'),
              formats: ['cjs'],
              fileName: () => 'preload.cjs',
            },
            rollupOptions: { external: ['electron'] },
          },
        },
      },
    ]),
  ],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
    // The manifest (dist/.vite/manifest.json) is the chunk graph scripts/buildReport.ts measures: what the first
    // page load needs and what each screen, loaded on demand, adds.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/api': platformServer,
      '/app/': { target: platformServer, ws: true },
    },
  },
});
