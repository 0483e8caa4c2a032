/**
 * Serves the built account UI (dist/) on the same origin as the API: files as they are, and index.html for every
 * other path, so the UI's routes load on refresh, with the UI's Content-Security-Policy. The API prefix and the
 * realtime paths are never UI.
 */
import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorEnvelope } from '@shared/api/errors';
import { decodeUriComponentOrNull } from '@shared/api/query';
import { uiContentSecurityPolicy } from '@shared/csp';
import type { FastifyInstance } from 'fastify';

export async function registerUi(
  app: FastifyInstance,
  options: { uiDir: string; apiPrefix: string; realtimeOrigins: readonly string[] },
): Promise<void> {
  const { uiDir, apiPrefix } = options;
  const csp = uiContentSecurityPolicy({ realtimeOrigins: options.realtimeOrigins });
  // Our cache headers below, not the plugin's (it would overwrite them with max-age=0).
  await app.register(fastifyStatic, { root: uiDir, serve: false, cacheControl: false });
  const reserved = [`${apiPrefix}/`, '/app/', '/apps/'];
  // The UI's files are not API calls: a page load must never be refused by the API's rate limiter.
  app.get('/*', { config: { access: 'public', rateLimit: false } }, async (request, reply) => {
    const raw = request.url.split('?')[0] ?? '/';
    // A malformed escape names no file: the app's page answers it, as any other unknown path.
    const path = decodeUriComponentOrNull(raw) ?? '/';
    if (reserved.some((prefix) => path.startsWith(prefix)) || path === apiPrefix) {
      return reply.status(404).send(errorEnvelope(`There is no ${request.method} ${path}.`));
    }
    const file = normalize(path).replace(/^([/\\])+/, '');
    const full = join(uiDir, file);
    // Every answer carries the policy, whether it is the page by its own name (/index.html), another file or the
    // page served for an app route. As a header, not a <meta>: only a header can forbid framing (clickjacking),
    // and a meta tag would also bind the desktop app, where the API is another origin.
    reply
      .header('content-security-policy', csp)
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff');
    if (file && !file.startsWith('..') && existsSync(full) && statSync(full).isFile()) {
      // Hashed assets never change; index.html always may.
      const immutable = file.startsWith('assets/');
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(file);
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
