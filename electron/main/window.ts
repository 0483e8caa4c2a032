/**
 * The main window. `webPreferences` are written out literally here, where the window is made, so a reader and the
 * Electronegativity scanner can see them: context isolation, the sandbox, no Node in the page, web security on,
 * and no background throttling — a hidden window must still ring (Twilio's device silently unregisters when its
 * page is frozen).
 */
import { BrowserWindow } from 'electron';
import { guardNavigation } from './security';
import { MIN_WINDOW_SIZE } from './windowState';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export function createMainWindow(options: {
  preloadPath: string;
  bounds: WindowBounds;
  openExternal(url: string): void;
  ownOrigins: readonly string[];
}): BrowserWindow {
  const window = new BrowserWindow({
    ...options.bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: 'Switchboard',
    autoHideMenuBar: true,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      // Middle-click must not open links in new windows behind the navigation guard's back.
      disableBlinkFeatures: 'Auxclick',
      backgroundThrottling: false,
    },
  });
  guardNavigation(window.webContents, { openExternal: options.openExternal, ownOrigins: options.ownOrigins });
  return window;
}

/**
 * Closing the window hides it while the user is signed in, so calls still ring; quitting (tray or app menu) closes
 * it for real. `isQuitting` tells the two apart. Signed out, closing quits on Windows and Linux; on macOS apps stay
 * in the dock with their window closed, so it hides there too and the dock icon brings it back.
 */
export function hideOnClose(
  window: BrowserWindow,
  options: { signedIn(): boolean; isQuitting(): boolean; platform?: NodeJS.Platform },
): void {
  window.on('close', (event: { preventDefault(): void }) => {
    const staysOpen = options.signedIn() || (options.platform ?? process.platform) === 'darwin';
    if (options.isQuitting() || !staysOpen) return;
    event.preventDefault();
    window.hide();
  });
}
