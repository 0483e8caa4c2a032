import { BrowserWindow } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetFakeElectron } from '../../tests/fakes/electron';
import { APP_ORIGIN } from './security';
import { createMainWindow, hideOnClose } from './window';

beforeEach(() => resetFakeElectron());

const make = () =>
  createMainWindow({
    preloadPath: '/app/preload.cjs',
    bounds: { width: 1200, height: 800 },
    openExternal: () => {},
    ownOrigins: [APP_ORIGIN],
  });

describe('the main window meets the security checklist', () => {
  it('is created with context isolation, the sandbox, no Node, web security, and without background throttling', () => {
    make();
    const options = (
      BrowserWindow as unknown as { all: { options: { webPreferences: Record<string, unknown> } }[] }
    ).all[0]?.options;
    expect(options?.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      backgroundThrottling: false,
      preload: '/app/preload.cjs',
    });
    expect(options?.webPreferences).not.toHaveProperty('enableRemoteModule');
  });

  it('denies new windows from the page', () => {
    const window = make() as unknown as {
      webContents: { windowOpenHandler: (d: { url: string }) => unknown };
    };
    expect(window.webContents.windowOpenHandler({ url: 'https://example.com' })).toEqual({ action: 'deny' });
  });
});

describe('closing the window', () => {
  it.each([
    { platform: 'win32', signedIn: true, quitting: false, outcome: 'hidden' },
    { platform: 'win32', signedIn: false, quitting: false, outcome: 'closed' },
    { platform: 'win32', signedIn: true, quitting: true, outcome: 'closed' },
    { platform: 'linux', signedIn: true, quitting: false, outcome: 'hidden' },
    { platform: 'linux', signedIn: false, quitting: false, outcome: 'closed' },
    { platform: 'darwin', signedIn: true, quitting: false, outcome: 'hidden' },
    { platform: 'darwin', signedIn: false, quitting: false, outcome: 'hidden' },
    { platform: 'darwin', signedIn: false, quitting: true, outcome: 'closed' },
  ] as const)(
    '$platform, signed in: $signedIn, quitting: $quitting → $outcome',
    ({ platform, signedIn, quitting, outcome }) => {
      const window = make();
      hideOnClose(window, { signedIn: () => signedIn, isQuitting: () => quitting, platform });
      window.close();
      expect(window.isDestroyed()).toBe(outcome === 'closed');
      if (outcome === 'hidden') expect(window.isVisible()).toBe(false);
    },
  );
});
