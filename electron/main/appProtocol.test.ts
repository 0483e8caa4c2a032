import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveAppFile } from './appProtocol';
import { AudioPreferencesStore } from './audio';
import { memoryStore } from './memoryStore';

let root = '';
beforeAll(() => {
  const parent = mkdtempSync(join(tmpdir(), 'switchboard-app-'));
  root = join(parent, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, '..', 'secret.txt'), 'nope');
});

const serve = (url: string) => serveAppFile({ url }, { root, csp: "default-src 'self'" });

describe('app:// serves the packaged UI', () => {
  it('serves files with their type and the CSP', async () => {
    const response = await serve('app://switchboard/assets/app.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await response.text()).toBe('console.log(1)');
  });

  it.each(['app://switchboard/', 'app://switchboard/users', 'app://switchboard/dialer?number=%2B1'])(
    'answers index.html for the UI route %s',
    async (url) => {
      const response = await serve(url);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('id="root"');
    },
  );

  it.each([
    'app://switchboard/../secret.txt',
    'app://switchboard/%2e%2e/secret.txt',
    'app://switchboard/assets/..%2F..%2Fsecret.txt',
  ])('never serves a file outside the build folder: %s', async (url) => {
    const response = await serve(url);
    expect(await response.text()).not.toBe('nope');
  });
});

describe('audio devices', () => {
  it('are kept per machine, with the system default for any not chosen', () => {
    const kept = memoryStore();
    const store = new AudioPreferencesStore(kept);
    expect(store.get()).toEqual({ inputDeviceId: null, outputDeviceId: null, ringtoneDeviceId: null });
    store.set({ inputDeviceId: 'mic-1', outputDeviceId: 'headset', ringtoneDeviceId: 'speakers' });
    // The next start of the app reads what this one kept.
    expect(new AudioPreferencesStore(kept).get()).toEqual({
      inputDeviceId: 'mic-1',
      outputDeviceId: 'headset',
      ringtoneDeviceId: 'speakers',
    });
  });
});
