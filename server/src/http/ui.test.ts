/**
 * The platform server serving the built account UI: files as they are (hashed assets cached for good), index.html
 * for the UI's routes with the UI's Content-Security-Policy as a header and framing refused, and never for the
 * API's or realtime's paths.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let uiDir = '';

beforeAll(async () => {
  uiDir = mkdtempSync(join(tmpdir(), 'switchboard-ui-'));
  mkdirSync(join(uiDir, 'assets'));
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>Switchboard</title>');
  writeFileSync(join(uiDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await createTestApp({ uiDir });
});

afterAll(async () => {
  await t.close();
  rmSync(uiDir, { recursive: true, force: true });
});

describe('the account UI', () => {
  it.each(['/', '/index.html', '/inbox/12', '/settings/audio'])(
    '%s answers index.html with the CSP and no framing',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Switchboard</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-frame-options']).toBe('DENY');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('wss://*.twilio.com');
    },
  );

  it('serves a hashed asset as it is, cached for good, with the same policy and never sniffed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it.each(['/api/nowhere', '/app/key', '/apps/1/events'])('%s is never the UI', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<title>Switchboard</title>');
  });

  it('a path that is not valid percent-encoding is a clear 400, never a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/not a valid url/i);
  });

  it('never serves a file outside its folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/..%2F..%2Fetc%2Fpasswd' });
    expect(response.body).not.toContain('root:');
  });
});
