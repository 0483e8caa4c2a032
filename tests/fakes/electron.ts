/**
 * A fake of the parts of Electron's main-process API that our main process uses, for unit tests.
 * The electron Vitest project resolves `electron` here (vitest.config.ts): the real module needs the Electron
 * binary, which cannot be downloaded on our machines. Each fake keeps what a test needs to assert on
 * (handlers registered, windows created, what was encrypted) and `resetFakeElectron()` clears it between tests.
 * It grows with the main process: add an API here when main starts using it, with a test of its behaviour.
 */
import { EventEmitter } from 'node:events';

type Handler = (event: FakeIpcMainInvokeEvent, ...args: unknown[]) => unknown;

export interface FakeIpcMainInvokeEvent {
  sender: { id: number };
  senderFrame: { url: string; origin: string } | null;
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  /** Chromium switches appended before ready. */
  readonly switches = new Map<string, string | undefined>();
  readonly commandLine = {
    appendSwitch: (name: string, value?: string) => {
      this.switches.set(name, value);
    },
  };
  appUserModelId = '';
  badgeCount = 0;
  readonly protocolClients: string[] = [];
  loginItem: { openAtLogin: boolean; args?: string[] } = { openAtLogin: false };
  readonly paths = new Map<string, string>([
    ['userData', '/tmp/switchboard-fake/userData'],
    ['logs', '/tmp/switchboard-fake/logs'],
    ['temp', '/tmp'],
  ]);
  private readyResolved = false;
  private singleInstance = true;
  quitCalled = false;

  getName(): string {
    return 'Switchboard';
  }
  getVersion(): string {
    return '0.0.0-test';
  }
  getPath(name: string): string {
    const path = this.paths.get(name);
    if (!path) throw new Error(`Failed to get '${name}' path`);
    return path;
  }
  setPath(name: string, path: string): void {
    this.paths.set(name, path);
  }
  whenReady(): Promise<void> {
    return this.readyResolved
      ? Promise.resolve()
      : new Promise((resolve) => this.once('ready', () => resolve()));
  }
  isReady(): boolean {
    return this.readyResolved;
  }
  /** Test helper: fires `ready` as Electron does once. */
  emitReady(): void {
    this.readyResolved = true;
    this.emit('ready');
  }
  setAppUserModelId(id: string): void {
    this.appUserModelId = id;
  }
  setBadgeCount(count: number): boolean {
    this.badgeCount = count;
    return true;
  }
  setAsDefaultProtocolClient(scheme: string): boolean {
    this.protocolClients.push(scheme);
    return true;
  }
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void {
    this.loginItem = settings;
  }
  getLoginItemSettings() {
    return { ...this.loginItem, wasOpenedAtLogin: false };
  }
  requestSingleInstanceLock(): boolean {
    return this.singleInstance;
  }
  /** Test helper: makes this launch the second instance. */
  setSecondInstance(second: boolean): void {
    this.singleInstance = !second;
  }
  exitCode: number | null = null;
  exit(code = 0): void {
    this.exitCode = code;
  }
  quit(): void {
    this.quitCalled = true;
    this.emit('before-quit');
    this.emit('will-quit');
  }
  reset(): void {
    this.removeAllListeners();
    this.readyResolved = false;
    this.singleInstance = true;
    this.quitCalled = false;
    this.exitCode = null;
    this.isPackaged = false;
    this.switches.clear();
    this.appUserModelId = '';
    this.badgeCount = 0;
    this.protocolClients.length = 0;
    this.loginItem = { openAtLogin: false };
  }
}

class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, Handler>();

  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** Test helper: calls a handler as `ipcRenderer.invoke` from a frame at `origin` would. */
  async invoke(channel: string, origin: string, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ sender: { id: 1 }, senderFrame: { url: `${origin}/`, origin } }, ...args);
  }
  reset(): void {
    this.removeAllListeners();
    this.handlers.clear();
  }
}

/** Encrypts reversibly but never leaves the plain text readable, so tests can check nothing is stored in clear. */
class FakeSafeStorage {
  available = true;

  isEncryptionAvailable(): boolean {
    return this.available;
  }
  encryptString(plain: string): Buffer {
    if (!this.available) throw new Error('Encryption is not available.');
    const bytes = Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a);
    return Buffer.concat([Buffer.from('fake-v1:'), bytes]);
  }
  decryptString(encrypted: Buffer): string {
    if (!this.available) throw new Error('Decryption is not available.');
    const prefix = Buffer.from('fake-v1:');
    if (!encrypted.subarray(0, prefix.length).equals(prefix))
      throw new Error('Error while decrypting the ciphertext');
    return Buffer.from(encrypted.subarray(prefix.length).map((byte) => byte ^ 0x5a)).toString('utf8');
  }
  reset(): void {
    this.available = true;
  }
}

/** What the preload exposes, by name, as contextBridge.exposeInMainWorld would. */
class FakeContextBridge {
  readonly exposed = new Map<string, unknown>();
  exposeInMainWorld(name: string, api: unknown): void {
    if (this.exposed.has(name)) throw new Error(`Cannot bind an API on top of an existing property: ${name}`);
    this.exposed.set(name, api);
  }
  reset(): void {
    this.exposed.clear();
  }
}

/** The renderer side of IPC: invocations are recorded and answered by `answer`; events can be emitted from main. */
class FakeIpcRenderer extends EventEmitter {
  readonly invocations: { channel: string; args: unknown[] }[] = [];
  answer: (channel: string, ...args: unknown[]) => unknown = () => undefined;
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ channel, args });
    return this.answer(channel, ...args);
  }
  /** Test helper: main sends an event to the renderer. */
  emitFromMain(channel: string, payload: unknown): void {
    this.emit(channel, { sender: {} }, payload);
  }
  reset(): void {
    this.removeAllListeners();
    this.invocations.length = 0;
    this.answer = () => undefined;
  }
}

/** A window: keeps the options it was created with, and its webContents' handlers, for tests to inspect. */
export class BrowserWindow extends EventEmitter {
  static readonly all: BrowserWindow[] = [];
  readonly webContents: FakeWebContents;
  visible = true;
  focused = false;
  destroyed = false;
  alwaysOnTop = false;
  flashing = false;
  maximized = false;
  loadedUrl = '';
  bounds = { x: 10, y: 20, width: 1200, height: 800 };
  overlay: { image: unknown; description: string } | null = null;
  constructor(readonly options: Record<string, unknown> = {}) {
    super();
    this.webContents = new FakeWebContents();
    BrowserWindow.all.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {
    this.visible = true;
  }
  isMinimized(): boolean {
    return false;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setAlwaysOnTop(flag: boolean): void {
    this.alwaysOnTop = flag;
  }
  flashFrame(flag: boolean): void {
    this.flashing = flag;
  }
  getBounds() {
    return { ...this.bounds };
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  setBounds(bounds: Partial<{ x: number; y: number; width: number; height: number }>): void {
    this.bounds = { ...this.bounds, ...bounds };
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  setOverlayIcon(image: unknown, description: string): void {
    this.overlay = image ? { image, description } : null;
  }
  close(): void {
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroyed = true;
  }
}

class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => unknown) | undefined;
  readonly sent: { channel: string; payload: unknown }[] = [];
  setWindowOpenHandler(handler: (details: { url: string }) => unknown): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload?: unknown): void {
    this.sent.push({ channel, payload });
  }
}

/** A tray icon: its tooltip, image and the menu template it was given. */
export class Tray extends EventEmitter {
  static readonly all: Tray[] = [];
  tooltip = '';
  image: unknown;
  menu: { template: MenuItemTemplate[] } | null = null;
  constructor(image: unknown) {
    super();
    this.image = image;
    Tray.all.push(this);
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setImage(image: unknown): void {
    this.image = image;
  }
  setContextMenu(menu: { template: MenuItemTemplate[] }): void {
    this.menu = menu;
  }
  destroy(): void {}
}

export interface MenuItemTemplate {
  label?: string;
  type?: string;
  checked?: boolean;
  enabled?: boolean;
  click?: () => void;
}

export const Menu = {
  buildFromTemplate: (template: MenuItemTemplate[]) => ({ template }),
};

export const nativeImage = {
  createFromPath: (path: string) => ({ path }),
  createEmpty: () => ({ path: '' }),
  createFromBitmap: (buffer: Buffer, options: { width: number; height: number; scaleFactor?: number }) => ({
    bitmap: buffer,
    ...options,
  }),
};

/** The custom protocol: privileged schemes and the handler registered for each. */
export const protocol = {
  privileged: [] as { scheme: string; privileges: Record<string, boolean> }[],
  handlers: new Map<string, (request: Request) => Response | Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]): void {
    protocol.privileged.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    protocol.handlers.set(scheme, handler);
  },
};

/** The default session's permission handlers, kept for tests to call. */
export const session = {
  defaultSession: {
    requestHandler: null as unknown,
    checkHandler: null as unknown,
    setPermissionRequestHandler(handler: unknown): void {
      session.defaultSession.requestHandler = handler;
    },
    setPermissionCheckHandler(handler: unknown): void {
      session.defaultSession.checkHandler = handler;
    },
  },
};

/** Lock, unlock, suspend and resume: tests emit them. */
export const powerMonitor = new EventEmitter();

/** Error boxes shown (title and content). */
export const dialog = {
  errors: [] as { title: string; content: string }[],
  showErrorBox(title: string, content: string): void {
    dialog.errors.push({ title, content });
  },
};

export const systemPreferences = {
  asked: [] as string[],
  askForMediaAccess(media: string): Promise<boolean> {
    systemPreferences.asked.push(media);
    return Promise.resolve(true);
  },
};

type Area = { x: number; y: number; width: number; height: number };
/** The displays' work areas (a 1920×1040 primary by default); tests replace them and emit display changes. */
class FakeScreen extends EventEmitter {
  areas: Area[] = [{ x: 0, y: 0, width: 1920, height: 1040 }];
  getAllDisplays() {
    return this.areas.map((workArea) => ({ workArea }));
  }
  getPrimaryDisplay() {
    return { workArea: this.areas[0] ?? { x: 0, y: 0, width: 1920, height: 1040 } };
  }
  reset(): void {
    this.removeAllListeners();
    this.areas = [{ x: 0, y: 0, width: 1920, height: 1040 }];
  }
}
export const screen = new FakeScreen();

/** An OS notification: recorded when shown; tests click it. */
export class Notification extends EventEmitter {
  static readonly shown: Notification[] = [];
  static isSupported(): boolean {
    return true;
  }
  constructor(readonly options: { title: string; body: string; silent?: boolean }) {
    super();
  }
  show(): void {
    Notification.shown.push(this);
  }
  close(): void {}
}

export const shell = {
  opened: [] as string[],
  openExternal(url: string) {
    shell.opened.push(url);
    return Promise.resolve();
  },
};

/** Global shortcuts: what is registered, and a way for tests to press one. */
export const globalShortcut = {
  registered: new Map<string, () => void>(),
  /** Accelerators another app already holds. */
  taken: new Set<string>(),
  register(accelerator: string, callback: () => void): boolean {
    if (globalShortcut.taken.has(accelerator)) return false;
    globalShortcut.registered.set(accelerator, callback);
    return true;
  },
  unregister(accelerator: string): void {
    globalShortcut.registered.delete(accelerator);
  },
  unregisterAll(): void {
    globalShortcut.registered.clear();
  },
  press(accelerator: string): void {
    globalShortcut.registered.get(accelerator)?.();
  },
};

export const app = new FakeApp();
export const ipcMain = new FakeIpcMain();
export const safeStorage = new FakeSafeStorage();
export const contextBridge = new FakeContextBridge();
export const ipcRenderer = new FakeIpcRenderer();

/** Clears every fake's state; call it in `beforeEach`. */
export function resetFakeElectron(): void {
  app.reset();
  ipcMain.reset();
  safeStorage.reset();
  contextBridge.reset();
  ipcRenderer.reset();
  BrowserWindow.all.length = 0;
  Tray.all.length = 0;
  Notification.shown.length = 0;
  shell.opened.length = 0;
  globalShortcut.registered.clear();
  globalShortcut.taken.clear();
  protocol.privileged.length = 0;
  protocol.handlers.clear();
  session.defaultSession.requestHandler = null;
  session.defaultSession.checkHandler = null;
  powerMonitor.removeAllListeners();
  systemPreferences.asked.length = 0;
  dialog.errors.length = 0;
  screen.reset();
}

export default {
  app,
  ipcMain,
  safeStorage,
  contextBridge,
  ipcRenderer,
  BrowserWindow,
  Tray,
  Menu,
  nativeImage,
  Notification,
  shell,
  globalShortcut,
  protocol,
  session,
  powerMonitor,
  systemPreferences,
  screen,
  dialog,
};
