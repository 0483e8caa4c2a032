/**
 * The platform server as one bundle for packaged desktop runs: `dist-server/main.mjs` (ES module), which the
 * desktop app starts with Electron's own binary as plain Node when no API_URL is configured. Only our code (server/
 * and shared/) is bundled; every npm package stays an import that Node resolves from the app's node_modules, so
 * PGlite's WebAssembly and the drivers load exactly as they do from source. The SQL migrations are copied beside it
 * by `npm run build` (the migrator reads them from `./migrations`, next to the module). Unpackaged runs keep using
 * the sources with tsx.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Not the renderer's public/ folder: nothing to copy but the migrations, which the build script handles.
  publicDir: false,
  ssr: { target: 'node' },
  build: {
    ssr: here('./server/src/main.ts'),
    outDir: here('./dist-server'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      output: { format: 'es', entryFileNames: 'main.mjs', chunkFileNames: '[name]-[hash].mjs' },
    },
  },
});
