/**
 * Builds the account UI (renderer/) into dist/, which the platform server serves on the same origin as /api.
 * `vite` alone runs a dev server that proxies /api and the realtime paths to the platform server on :8080.
 * The Electron main and preload builds join with the Desktop shell issue.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const platformServer = process.env.PLATFORM_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  build: { outDir: '../dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': platformServer,
      '/app/': { target: platformServer, ws: true },
    },
  },
});
