/**
 * Packaging needs the Electron binary, which cannot be downloaded on our machines, so the installer configuration
 * is checked here instead: the keys each platform's installer needs (Desktop shell issue, "Build and packaging").
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = parse(readFileSync(`${root}electron-builder.yml`, 'utf8'));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

describe('electron-builder.yml', () => {
  it("names the app and keeps installers out of Vite's dist/", () => {
    expect(config.appId).toBe('com.switchboard.desktop');
    expect(config.productName).toBe('Switchboard');
    expect(config.directories.output).toBe('release');
    expect(config.files).toEqual(expect.arrayContaining(['dist/**', 'dist-electron/**']));
  });

  it('ships the bundled server unpacked, so Node can run it as the embedded server', () => {
    expect(config.files).toContain('dist-server/**');
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['dist-server/**', 'node_modules/**']));
  });

  it('Windows: a per-user NSIS installer with a shortcut (AppUserModelID is the appId)', () => {
    expect(config.win.target).toBe('nsis');
    expect(config.nsis.perMachine).toBe(false);
    expect(config.nsis.createDesktopShortcut).toBe(true);
    const main = readFileSync(`${root}electron/main/index.ts`, 'utf8');
    expect(main).toContain(`app.setAppUserModelId('${config.appId}')`);
  });

  it('macOS: a dmg with the hardened runtime, microphone entitlement and usage description', () => {
    expect(config.mac.target).toBe('dmg');
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.extendInfo.NSMicrophoneUsageDescription).toMatch(/microphone/);
    const entitlements = readFileSync(`${root}${config.mac.entitlements}`, 'utf8');
    expect(entitlements).toContain('com.apple.security.device.audio-input');
  });

  it('has the app icon and a tray icon for each presence', () => {
    const isPng = (path: string) => readFileSync(path).subarray(1, 4).toString() === 'PNG';
    expect(isPng(`${root}build/icon.png`)).toBe(true);
    expect(isPng(`${root}resources/tray-active.png`)).toBe(true);
    expect(isPng(`${root}resources/tray-away.png`)).toBe(true);
  });

  it('Linux: an AppImage', () => {
    expect(config.linux.target).toBe('AppImage');
  });

  it('electron and electron-builder are dev dependencies (electron-builder refuses otherwise); main is the built main process', () => {
    expect(pkg.devDependencies).toHaveProperty('electron');
    expect(pkg.devDependencies).toHaveProperty('electron-builder');
    expect(pkg.dependencies ?? {}).not.toHaveProperty('electron');
    expect(pkg.main).toBe('dist-electron/main.mjs');
    expect(existsSync(`${root}build/entitlements.mac.plist`)).toBe(true);
  });
});
