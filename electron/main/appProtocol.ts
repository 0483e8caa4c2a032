/**
 * Serves the packaged renderer through `app://switchboard/…` (never file://, ARCHITECTURE): files from the build
 * folder only (no path may climb out of it), index.html for the UI's routes, and the strict CSP on every page.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** Answers one request for the app:// protocol (Electron's `protocol.handle('app', …)` calls it). */
export async function serveAppFile(
  request: { url: string },
  options: { root: string; csp: string },
): Promise<Response> {
  const url = new URL(request.url);
  const relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
  const candidate = join(options.root, relative);
  const inside =
    candidate === options.root ||
    candidate.startsWith(options.root.endsWith(sep) ? options.root : options.root + sep);
  if (!inside) return new Response('Not found', { status: 404 });
  const isFile =
    relative !== '' &&
    (await stat(candidate)
      .then((s) => s.isFile())
      .catch(() => false));
  const file = isFile ? candidate : join(options.root, 'index.html');
  const body = await readFile(file).catch(() => null);
  if (!body) return new Response('Not found', { status: 404 });
  return new Response(body, {
    headers: {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-security-policy': options.csp,
      'x-content-type-options': 'nosniff',
    },
  });
}
