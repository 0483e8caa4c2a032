/**
 * The main window's size, position and maximised state, kept per machine across restarts. Agents move between a
 * docked laptop with two monitors and the laptop alone: a position saved on a monitor that is no longer connected
 * would open the window off screen, out of reach. So a saved position is used only while the window's title bar
 * would be on a connected display; otherwise the window opens centred on the primary display. A display unplugged
 * while the app runs brings the window back the same way.
 */
import type { KeyValueStore } from './token-store';
import type { WindowBounds } from './window';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What we need of Electron's `screen`: the displays' work areas (without taskbar and dock) and their changes. */
export interface ScreenLike {
  getAllDisplays(): { workArea: Rectangle }[];
  getPrimaryDisplay(): { workArea: Rectangle };
  on(event: 'display-removed' | 'display-metrics-changed', listener: () => void): unknown;
}

/** What we need of a BrowserWindow. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
  isDestroyed(): boolean;
  setBounds(bounds: Partial<Rectangle>): void;
}

export interface WindowState {
  bounds: WindowBounds;
  maximized: boolean;
}

export const DEFAULT_WINDOW_SIZE = Object.freeze({ width: 1280, height: 820 });
/** The window's minimum size (also given to the BrowserWindow). */
export const MIN_WINDOW_SIZE = Object.freeze({ width: 900, height: 600 });
/** How much of the title bar must be on a display for the user to grab it with the mouse. */
const TITLE_BAR = { height: 32, minVisibleWidth: 120 };
const SAVE_AFTER_MS = 400;
const KEY = 'window.state';

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** The part of two rectangles they share (zero sized when apart). */
function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/** The display whose work area holds enough of the window's title bar to drag it, if any. */
function displayHoldingTitleBar(window: Rectangle, areas: readonly Rectangle[]): Rectangle | undefined {
  const titleBar = { x: window.x, y: window.y, width: window.width, height: TITLE_BAR.height };
  return areas.find((area) => {
    const shared = overlap(titleBar, area);
    return shared.width >= Math.min(TITLE_BAR.minVisibleWidth, window.width) && shared.height > 0;
  });
}

const clampSize = (size: { width: number; height: number }, area: Rectangle) => ({
  width: Math.round(Math.min(Math.max(size.width, MIN_WINDOW_SIZE.width), area.width)),
  height: Math.round(Math.min(Math.max(size.height, MIN_WINDOW_SIZE.height), area.height)),
});

/**
 * Where the window opens: the saved bounds when their title bar is on a connected display (made to fit inside that
 * display), else the saved size fitted to the primary display with no position (Electron centres it).
 */
export function placeWindow(saved: unknown, areas: readonly Rectangle[], primary: Rectangle): WindowBounds {
  const candidate = (saved ?? {}) as Partial<Rectangle>;
  const size = {
    width: isFiniteNumber(candidate.width) ? candidate.width : DEFAULT_WINDOW_SIZE.width,
    height: isFiniteNumber(candidate.height) ? candidate.height : DEFAULT_WINDOW_SIZE.height,
  };
  if (!isFiniteNumber(candidate.x) || !isFiniteNumber(candidate.y)) return clampSize(size, primary);
  const display = displayHoldingTitleBar({ x: candidate.x, y: candidate.y, ...size }, areas);
  if (!display) return clampSize(size, primary);
  const fitted = clampSize(size, display);
  // Slide it inside the display, so no edge (and no resize handle) is left hanging off it.
  const x = Math.min(Math.max(candidate.x, display.x), display.x + display.width - fitted.width);
  const y = Math.min(Math.max(candidate.y, display.y), display.y + display.height - fitted.height);
  return { x: Math.round(x), y: Math.round(y), ...fitted };
}

export class WindowStateKeeper {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deps: {
      store: KeyValueStore;
      screen: ScreenLike;
      setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
      clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
    },
  ) {}

  /** The bounds and maximised state to create the window with. */
  initial(): WindowState {
    const saved = this.deps.store.get(KEY) as { bounds?: unknown; maximized?: unknown } | undefined;
    return { bounds: this.place(saved?.bounds), maximized: saved?.maximized === true };
  }

  /**
   * Saves the window's state as it changes (a moment after the last move or resize, and on close) — the normal
   * bounds, so a maximised window restores to where it was — and brings it back when its display goes away.
   */
  track(window: TrackedWindow): void {
    const saveSoon = () => {
      if (this.timer) (this.deps.clearTimer ?? clearTimeout)(this.timer);
      this.timer = (this.deps.setTimer ?? setTimeout)(() => this.save(window), SAVE_AFTER_MS);
    };
    window.on('resize', saveSoon);
    window.on('move', saveSoon);
    window.on('maximize', () => this.save(window));
    window.on('unmaximize', () => this.save(window));
    window.on('close', () => this.save(window));
    const rescue = () => {
      if (window.isDestroyed()) return;
      const current = window.getNormalBounds();
      const placed = this.place(current);
      const unchanged = (['x', 'y', 'width', 'height'] as const).every((key) => placed[key] === current[key]);
      if (unchanged) return;
      if (placed.x === undefined) {
        // Off every display: centre it on the primary one.
        const primary = this.deps.screen.getPrimaryDisplay().workArea;
        placed.x = Math.round(primary.x + (primary.width - placed.width) / 2);
        placed.y = Math.round(primary.y + (primary.height - placed.height) / 2);
      }
      window.setBounds(placed);
    };
    this.deps.screen.on('display-removed', rescue);
    this.deps.screen.on('display-metrics-changed', rescue);
  }

  private place(saved: unknown): WindowBounds {
    const areas = this.deps.screen.getAllDisplays().map((display) => display.workArea);
    return placeWindow(saved, areas, this.deps.screen.getPrimaryDisplay().workArea);
  }

  private save(window: TrackedWindow): void {
    if (this.timer) (this.deps.clearTimer ?? clearTimeout)(this.timer);
    this.timer = undefined;
    if (window.isDestroyed()) return;
    this.deps.store.set(KEY, { bounds: window.getNormalBounds(), maximized: window.isMaximized() });
  }
}
