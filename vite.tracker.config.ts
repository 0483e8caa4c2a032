/**
 * The website tracking script (tracker/src/dni.ts) as one small, minified, self-running file:
 * `dist-tracker/dni.js` (an IIFE: no module loader, no globals but `window.SwitchboardDNI`), which the platform
 * serves at `GET /api/dni/script.js`. Built by `npm run build`, `npm start` and `npm test` (scripts/trackerBundle.ts).
 * Customers' visitors use every browser of the last years, so the syntax is lowered to ES2019.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./tracker'),
  resolve: { tsconfigPaths: true },
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: here('./dist-tracker'),
    emptyOutDir: true,
    target: 'es2019',
    minify: true,
    sourcemap: false,
    lib: {
      entry: here('./tracker/src/dni.ts'),
      formats: ['iife'],
      name: 'SwitchboardDNIScript',
      fileName: () => 'dni.js',
    },
  },
});
