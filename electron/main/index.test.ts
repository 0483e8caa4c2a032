/**
 * The composition root, started against the fake of Electron's APIs: each module has its own tests, and this one
 * checks that index.ts wires them to Electron's lifecycle as the Desktop shell issue asks — the window and its
 * start route, IPC from our origin only, tray, badge, ringing, power events, links from a second launch, closing
 * and quitting. electron-store and electron-updater are replaced by in-memory fakes (they need Electron itself);
 * API_URL is set so no embedded server starts here (embeddedServer.test.ts and bundledServer.test.ts start it).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// The same objects `electron` resolves to in this project, with their test helpers typed.
import {
  app,
  BrowserWindow,
  dialog,
  globalShortcut,
  ipcMain,
  type MenuItemTemplate,
  powerMonitor,
  protocol,
  resetFakeElectron,
  session,
  Tray,
} from '../../tests/fakes/electron';

vi.mock('electron-store', () => ({
  default: class MemoryStore {
    private readonly data = new Map<string, unknown>();
    get(key: string) {
      return this.data.get(key);
    }
    set(key: string, value: unknown) {
      this.data.set(key, value);
    }
    delete(key: string) {
      this.data.delete(key);
    }
  },
}));
vi.mock('electron-updater', () => ({
  default: {
    autoUpdater: {
      on() {},
      setFeedURL() {},
      checkForUpdatesAndNotify: async () => null,
      autoDownload: false,
    },
  },
}));

type FakeWindow = InstanceType<typeof BrowserWindow> & {
  options: { webPreferences: Record<string, unknown> };
  webContents: { sent: { channel: string; payload: unknown }[] };
  loadedUrl: string;
  visible: boolean;
  focused: boolean;
  alwaysOnTop: boolean;
  destroyed: boolean;
};
const fakeApp = app;
const fakeIpc = ipcMain;
const OWN = 'app://switchboard';
const window = () => (BrowserWindow as unknown as { all: FakeWindow[] }).all[0] as FakeWindow;
const tray = () =>
  (Tray as unknown as { all: { tooltip: string; menu: { template: MenuItemTemplate[] } }[] }).all[0];
const sent = (channel: string) =>
  window()
    .webContents.sent.filter((message) => message.channel === channel)
    .map((message) => message.payload);
const trayItem = (label: string): MenuItemTemplate | undefined =>
  tray()?.menu?.template.find((item) => item.label === label);

const saved = { argv: process.argv, apiUrl: process.env.API_URL };

beforeAll(async () => {
  resetFakeElectron();
  process.env.API_URL = 'http://127.0.0.1:9/api';
  // Launched from a tel: link (Windows and Linux pass it as an argument).
  process.argv = [...saved.argv, 'tel:+13125550123'];
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await import('./index');
  fakeApp.emitReady();
  await vi.waitFor(() => expect(window()?.loadedUrl).toBeTruthy());
});

afterAll(() => {
  process.argv = saved.argv;
  if (saved.apiUrl === undefined) delete process.env.API_URL;
  else process.env.API_URL = saved.apiUrl;
  vi.restoreAllMocks();
});

describe('the desktop app at start', () => {
  it('keeps a hidden renderer alive and lets the ringtone play without a click', () => {
    expect([...fakeApp.switches.keys()]).toEqual(
      expect.arrayContaining([
        'disable-renderer-backgrounding',
        'disable-background-timer-throttling',
        'disable-backgrounding-occluded-windows',
      ]),
    );
    expect(fakeApp.switches.get('autoplay-policy')).toBe('no-user-gesture-required');
  });

  it('serves the UI through a privileged app:// scheme, with the permission handlers set', () => {
    expect(protocol.privileged.map((entry) => entry.scheme)).toEqual(['app']);
    expect(protocol.handlers.has('app')).toBe(true);
    expect(session.defaultSession.requestHandler).toBeTypeOf('function');
    expect(session.defaultSession.checkHandler).toBeTypeOf('function');
  });

  it('opens one hardened window on the route of the link it was launched with', () => {
    expect((BrowserWindow as unknown as { all: unknown[] }).all).toHaveLength(1);
    expect(window().options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      backgroundThrottling: false,
    });
    expect(window().loadedUrl).toBe(`${OWN}/dialer?number=%2B13125550123`);
    expect(fakeApp.protocolClients).toEqual(['tel', 'sms']);
  });

  it('answers IPC from its own pages only', async () => {
    await expect(fakeIpc.invoke('app:info', OWN)).resolves.toMatchObject({
      apiBaseUrl: 'http://127.0.0.1:9/api',
    });
    await expect(fakeIpc.invoke('app:info', 'https://evil.example')).rejects.toThrow(/not available/);
    await expect(fakeIpc.invoke('badge:set', OWN, 'lots')).rejects.toThrow(/does not take/);
    expect(dialog.errors).toEqual([]);
  });
});

describe('the desktop app while signed in', () => {
  it('signs the tray in with the tokens, which main keeps (answering no keychain warning)', async () => {
    expect(trayItem('Sign out')?.enabled).toBe(false);
    await expect(
      fakeIpc.invoke('tokens:set', OWN, { access_token: 'sba_a', refresh_token: 'sbr_r', expires_in: 3600 }),
    ).resolves.toBeNull();
    await expect(fakeIpc.invoke('tokens:get-access', OWN)).resolves.toBe('sba_a');
    expect(trayItem('Sign out')?.enabled).toBe(true);
  });

  it("shows the server's presence and the unread count in the tray and on the badge", async () => {
    await fakeIpc.invoke('presence:set', OWN, 'active');
    await fakeIpc.invoke('badge:set', OWN, 4);
    expect(tray()?.tooltip).toBe('Switchboard — Active · 4 unread');
    expect(trayItem('Active')?.checked).toBe(true);
    expect(fakeApp.badgeCount).toBe(4);
  });

  it('passes the tray’s choices to the renderer, which decides', () => {
    trayItem('Away')?.click?.();
    trayItem('Sign out')?.click?.();
    expect(sent('presence:requested')).toEqual(['away']);
    expect(sent('session:sign-out-requested')).toHaveLength(1);
  });

  it('raises the window above others while a call rings, and lets it go after', async () => {
    window().hide();
    await fakeIpc.invoke('call:ringing', OWN, true);
    expect(window().visible).toBe(true);
    expect(window().alwaysOnTop).toBe(true);
    await fakeIpc.invoke('call:ringing', OWN, false);
    expect(window().alwaysOnTop).toBe(false);
  });

  it('tells the renderer when the machine wakes, and asks for Away on lock only when chosen', async () => {
    powerMonitor.emit('lock-screen');
    expect(sent('presence:requested')).toEqual(['away']);
    await fakeIpc.invoke('settings:set', OWN, {
      launchAtLogin: false,
      autoAway: true,
      shortcuts: {
        answer: 'CommandOrControl+Shift+A',
        decline: '',
        'hang-up': 'CommandOrControl+Shift+H',
        mute: '',
      },
    });
    powerMonitor.emit('lock-screen');
    expect(sent('presence:requested')).toEqual(['away', 'away']);
    powerMonitor.emit('resume');
    expect(sent('power:resume')).toHaveLength(1);
  });

  it('focuses itself on the route of a link passed by a second launch', () => {
    window().focused = false;
    fakeApp.emit('second-instance', {}, ['switchboard', 'sms:+13125550123?body=Hi']);
    expect(window().focused).toBe(true);
    expect(sent('navigate:to')).toEqual(['/inbox/new?number=%2B13125550123&body=Hi']);
  });

  it('hides on close while signed in, and closes and releases the shortcuts on quit', () => {
    window().close();
    expect(window().destroyed).toBe(false);
    expect(window().visible).toBe(false);
    expect(globalShortcut.registered.size).toBeGreaterThan(0);
    app.quit();
    window().close();
    expect(window().destroyed).toBe(true);
    expect(globalShortcut.registered.size).toBe(0);
  });
});
