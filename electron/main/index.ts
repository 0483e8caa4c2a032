/**
 * The desktop app's main process: the composition root. It owns the secure token store, OS notifications, tray
 * presence and the calling audio devices, and hands them to the renderer through the typed IPC bridge (design
 * card). Every piece is a small module with its own tests; this file only wires them to Electron's lifecycle.
 * (It cannot be run on machines without the Electron binary; see docs/desktop.md for what was verified how.)
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Presence, StoredTokens } from '@shared/ipc';
import {
  app,
  type BrowserWindow,
  dialog,
  ipcMain,
  nativeImage,
  powerMonitor,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  systemPreferences,
} from 'electron';
import Store from 'electron-store';
import electronUpdater from 'electron-updater';
import { serveAppFile } from './appProtocol';
import { AudioPreferencesStore } from './audio';
import { AutoAway } from './autoAway';
import { CallRaise } from './callRaise';
import { embeddedServerArgs, startEmbeddedServer } from './embeddedServer';
import { registerInvokeHandlers } from './ipc';
import { linkInArguments, PROTOCOLS } from './links';
import { NotificationService } from './notifications';
import { savePagePdf } from './savePdf';
import { APP_ORIGIN, APP_SCHEME, contentSecurityPolicy, permissionDecision } from './security';
import { DesktopSettingsService, launchedHidden } from './settings';
import { releaseCallShortcuts } from './shortcuts';
import { TokenVault } from './token-store';
import { TrayService } from './tray';
import { UnreadBadge } from './unreadBadge';
import { configureUpdates } from './updates';
import { createMainWindow, hideOnClose } from './window';
import { WindowStateKeeper } from './windowState';

const { autoUpdater } = electronUpdater;
const here = fileURLToPath(new URL('.', import.meta.url));
const ROOT = join(here, '..');
const RENDERER_DIR = join(ROOT, 'dist');
const PRELOAD = join(here, 'preload.cjs');
/** Tray icons and sounds: shipped beside the app (extraResources), or the repository's resources/ unpackaged. */
const ICONS = app.isPackaged ? join(process.resourcesPath, 'resources') : join(ROOT, 'resources');

// Keep a hidden window's renderer alive so calls still ring (Chromium freezes and throttles hidden pages).
app.commandLine.appendSwitch('disable-renderer-backgrounding');
app.commandLine.appendSwitch('disable-background-timer-throttling');
app.commandLine.appendSwitch('disable-backgrounding-occluded-windows');
// The ringtone plays without a click first.
app.commandLine.appendSwitch('autoplay-policy', 'no-user-gesture-required');
if (process.platform === 'win32') app.setAppUserModelId('com.switchboard.desktop');

protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true },
  },
]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // A start that fails (most often the embedded server: a locked or damaged data folder) must say so, not leave
  // an app running with no window.
  start().catch((error: unknown) => {
    dialog.showErrorBox(
      'Switchboard could not start',
      error instanceof Error ? error.message : String(error),
    );
    app.exit(1);
  });
}

async function start(): Promise<void> {
  let window: BrowserWindow | null = null;
  let quitting = false;
  let presence: Presence = 'away';
  const callRaise = new CallRaise(
    () => window,
    () => presence,
  );
  let signedIn = false;
  const store = new Store<Record<string, unknown>>({ name: 'switchboard' });
  const keyValue = {
    get: (key: string) => store.get(key),
    set: (key: string, value: unknown) => store.set(key, value),
    delete: (key: string) => store.delete(key),
  };

  await app.whenReady();

  const configured = process.env.API_URL;
  const embedded = configured
    ? null
    : await startEmbeddedServer({
        // Electron's own binary runs the server as plain Node: the bundle when packaged, the sources otherwise.
        command: process.execPath,
        args: embeddedServerArgs(ROOT, app.isPackaged),
        dataDir: app.getPath('userData'),
        env: { ELECTRON_RUN_AS_NODE: '1' },
      });
  const apiBaseUrl = configured ?? `${embedded?.url}/api`;
  const csp = contentSecurityPolicy(apiBaseUrl);

  const vault = new TokenVault({
    safeStorage,
    store: keyValue,
    refresh: async (refreshToken) => {
      const response = await fetch(`${apiBaseUrl}/sanctum/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      return response.ok ? ((await response.json()) as StoredTokens) : null;
    },
  });
  const audio = new AudioPreferencesStore(keyValue);
  const settings = new DesktopSettingsService({
    store: keyValue,
    loginItems: app,
    onShortcut: (action) => send('call:shortcut', action),
  });
  // macOS asks once for the microphone; without it calls have no audio.
  if (process.platform === 'darwin') await systemPreferences.askForMediaAccess('microphone');
  const send = (channel: string, payload?: unknown) => window?.webContents.send(channel, payload);
  const focus = (route?: string) => {
    if (!window) return;
    window.show();
    window.focus();
    if (route) send('navigate:to', route);
  };
  const notifications = new NotificationService({ presence: () => presence, focus });
  const tray = new TrayService(
    {
      choosePresence: (chosen) => send('presence:requested', chosen),
      open: () => focus(),
      signOut: () => send('session:sign-out-requested'),
      quit: () => {
        quitting = true;
        app.quit();
      },
    },
    (state) => join(ICONS, `tray-${state}.png`),
  );

  const unreadBadge = new UnreadBadge({
    platform: process.platform,
    setBadgeCount: (count) => app.setBadgeCount(count),
    // Drawn at 32 px for 2× displays; Windows scales it down for the 16 px overlay at 100%.
    setOverlayIcon: (bitmap, description) =>
      window?.setOverlayIcon(
        bitmap &&
          nativeImage.createFromBitmap(bitmap.buffer, {
            width: bitmap.width,
            height: bitmap.height,
            scaleFactor: 2,
          }),
        description,
      ),
  });

  protocol.handle(APP_SCHEME, (request) => serveAppFile(request, { root: RENDERER_DIR, csp }));
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(permissionDecision(permission, contents.getURL(), details as { mediaTypes?: string[] })),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, origin) =>
    permissionDecision(permission, origin),
  );

  registerInvokeHandlers(
    ipcMain,
    {
      'app:info': () => ({
        name: app.getName(),
        version: app.getVersion(),
        platform: process.platform as 'linux',
        apiBaseUrl,
      }),
      'tokens:set': async (tokens) => {
        await vault.set(tokens);
        signedIn = true;
        tray.setSignedIn(true);
        return vault.unavailableReason;
      },
      'tokens:get-access': () => vault.accessToken(),
      'tokens:refresh': () => vault.refresh(),
      'tokens:act-as': (tokens) => vault.actAs(tokens),
      'tokens:end-acting': () => vault.endActing(),
      'tokens:clear': async () => {
        await vault.clear();
        signedIn = false;
        tray.setSignedIn(false);
      },
      'notifications:show': (notification) => {
        notifications.show(notification);
      },
      'presence:set': (next) => {
        presence = next;
        tray.setPresence(next);
      },
      'badge:set': (count) => {
        unreadBadge.set(count);
        tray.setUnread(count);
      },
      'call:ringing': (active) => callRaise.ringing(active),
      'audio:get': () => audio.get(),
      'audio:set': (preferences) => audio.set(preferences),
      'cache:get': (key) => (store.get(`cache.${key}`) as string | undefined) ?? null,
      'cache:set': ({ key, value }) => store.set(`cache.${key}`, value),
      'cache:remove': (key) => store.delete(`cache.${key}`),
      'settings:get': () => settings.get(),
      'settings:set': (next) => settings.set(next),
      'page:save-pdf': async ({ title }) => {
        const target = window;
        if (!target) return false;
        return savePagePdf(
          {
            printToPDF: () => target.webContents.printToPDF({ printBackground: true }),
            chooseFile: async (defaultPath) =>
              (
                await dialog.showSaveDialog(target, {
                  defaultPath,
                  filters: [{ name: 'PDF', extensions: ['pdf'] }],
                })
              ).filePath || undefined,
            writeFile: (path, data) => writeFile(path, data),
            downloadsDir: app.getPath('downloads'),
          },
          title,
        );
      },
    },
    { ownOrigins: [APP_ORIGIN], log: (message) => console.warn(message) },
  );

  const windowState = new WindowStateKeeper({ store: keyValue, screen });
  const { bounds, maximized } = windowState.initial();
  window = createMainWindow({
    preloadPath: PRELOAD,
    bounds,
    openExternal: (url) => void shell.openExternal(url),
    ownOrigins: [APP_ORIGIN],
  });
  windowState.track(window);
  hideOnClose(window, { signedIn: () => signedIn, isQuitting: () => quitting });
  // Launched at login, the app waits in the tray (the tray's Open, a call or a link shows it).
  const hidden = launchedHidden(process.argv, app.getLoginItemSettings().wasOpenedAtLogin);
  window.once('ready-to-show', () => {
    if (maximized) window?.maximize();
    if (!hidden) window?.show();
  });
  const startRoute = linkInArguments(process.argv) ?? '/';
  await window.loadURL(`${APP_ORIGIN}${startRoute}`);

  for (const scheme of PROTOCOLS) app.setAsDefaultProtocolClient(scheme);
  app.on('second-instance', (_event, argv) => focus(linkInArguments(argv) ?? undefined));
  app.on('open-url', (event, url) => {
    event.preventDefault();
    focus(linkInArguments([url]) ?? undefined);
  });
  const autoAway = new AutoAway({
    enabled: () => settings.get().autoAway,
    presence: () => presence,
    request: (next) => send('presence:requested', next),
  });
  powerMonitor.on('lock-screen', () => autoAway.left());
  powerMonitor.on('suspend', () => autoAway.left());
  powerMonitor.on('unlock-screen', () => autoAway.returned());
  powerMonitor.on('resume', () => {
    autoAway.returned();
    send('power:resume');
  });
  const unavailable = settings.apply();
  if (unavailable.length) console.warn(`shortcuts held by another app: ${unavailable.join(', ')}`);
  configureUpdates(autoUpdater, process.env.UPDATE_FEED_URL, (message) => console.warn(message));
  app.on('activate', () => focus());
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('will-quit', () => {
    releaseCallShortcuts();
    void embedded?.stop();
  });
}
