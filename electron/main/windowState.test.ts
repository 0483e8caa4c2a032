import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { memoryStore } from './memoryStore';
import {
  DEFAULT_WINDOW_SIZE,
  placeWindow,
  type Rectangle,
  type ScreenLike,
  type TrackedWindow,
  WindowStateKeeper,
} from './windowState';

/** A laptop (primary, taskbar at the bottom) and a monitor to its right. */
const laptop: Rectangle = { x: 0, y: 0, width: 1440, height: 860 };
const monitor: Rectangle = { x: 1440, y: 0, width: 2560, height: 1400 };

describe('where the window opens', () => {
  it.each([
    {
      case: 'nothing saved: the default size, centred',
      saved: undefined,
      areas: [laptop],
      placed: { width: DEFAULT_WINDOW_SIZE.width, height: DEFAULT_WINDOW_SIZE.height },
    },
    {
      case: 'saved on the laptop: exactly there',
      saved: { x: 40, y: 30, width: 1100, height: 700 },
      areas: [laptop],
      placed: { x: 40, y: 30, width: 1100, height: 700 },
    },
    {
      case: 'saved on the monitor, which is connected: there',
      saved: { x: 2000, y: 100, width: 1600, height: 1000 },
      areas: [laptop, monitor],
      placed: { x: 2000, y: 100, width: 1600, height: 1000 },
    },
    {
      case: 'saved on the monitor, now unplugged: centred on the laptop, fitted to it',
      saved: { x: 2000, y: 100, width: 1600, height: 1000 },
      areas: [laptop],
      placed: { width: 1440, height: 860 },
    },
    {
      case: 'title bar above the top of every display: centred',
      saved: { x: 100, y: -500, width: 1000, height: 700 },
      areas: [laptop],
      placed: { width: 1000, height: 700 },
    },
    {
      case: 'hanging off the right edge but grabbable: slid inside the display',
      saved: { x: 1000, y: 100, width: 1000, height: 700 },
      areas: [laptop],
      placed: { x: 440, y: 100, width: 1000, height: 700 },
    },
    {
      case: 'only a sliver of the title bar showing: centred',
      saved: { x: 1400, y: 100, width: 1000, height: 700 },
      areas: [laptop],
      placed: { width: 1000, height: 700 },
    },
    {
      case: 'smaller than the minimum: grown to it',
      saved: { x: 10, y: 10, width: 300, height: 200 },
      areas: [laptop],
      placed: { x: 10, y: 10, width: 900, height: 600 },
    },
    {
      case: 'garbage in the store: the default size, centred',
      saved: { x: 'left', y: null, width: Number.NaN, height: '700' },
      areas: [laptop],
      placed: { width: DEFAULT_WINDOW_SIZE.width, height: DEFAULT_WINDOW_SIZE.height },
    },
  ])('$case', ({ saved, areas, placed }) => {
    expect(placeWindow(saved, areas, laptop)).toEqual(placed);
  });
});

class FakeScreen extends EventEmitter implements ScreenLike {
  constructor(public areas: Rectangle[]) {
    super();
  }
  getAllDisplays() {
    return this.areas.map((workArea) => ({ workArea }));
  }
  getPrimaryDisplay() {
    return { workArea: this.areas[0] ?? laptop };
  }
}

class FakeWindow extends EventEmitter implements TrackedWindow {
  maximized = false;
  constructor(public bounds: Rectangle) {
    super();
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  isMaximized() {
    return this.maximized;
  }
  isDestroyed() {
    return false;
  }
  setBounds(bounds: Partial<Rectangle>) {
    this.bounds = { ...this.bounds, ...bounds };
  }
}

function keeper(screen: FakeScreen, store = memoryStore()) {
  const timers: (() => void)[] = [];
  const keep = new WindowStateKeeper({
    store,
    screen,
    setTimer: (run) => {
      timers.push(run);
      return timers.length as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer: () => {},
  });
  const flush = () => {
    for (const run of timers.splice(0)) run();
  };
  return { keep, store, flush };
}

describe('keeping the window state', () => {
  it('saves the normal bounds after moves and on close, and a restart opens there, maximised if it was', () => {
    const screen = new FakeScreen([laptop, monitor]);
    const { keep, store, flush } = keeper(screen);
    const window = new FakeWindow({ x: 100, y: 100, width: 1200, height: 800 });
    keep.track(window);
    window.bounds = { x: 1600, y: 200, width: 1500, height: 900 };
    window.emit('move');
    window.emit('resize');
    expect(store.data.size).toBe(0);
    flush();
    window.maximized = true;
    window.emit('maximize');

    const restarted = keeper(screen, store).keep.initial();
    expect(restarted).toEqual({ bounds: { x: 1600, y: 200, width: 1500, height: 900 }, maximized: true });
  });

  it('brings the window back to the laptop when its monitor is unplugged', () => {
    const screen = new FakeScreen([laptop, monitor]);
    const { keep } = keeper(screen);
    const window = new FakeWindow({ x: 2000, y: 100, width: 1200, height: 800 });
    keep.track(window);
    screen.areas = [laptop];
    screen.emit('display-removed');
    expect(window.bounds).toEqual({ x: 120, y: 30, width: 1200, height: 800 });
  });

  it('leaves a window on a display that stays alone', () => {
    const screen = new FakeScreen([laptop, monitor]);
    const { keep } = keeper(screen);
    const window = new FakeWindow({ x: 50, y: 40, width: 1200, height: 800 });
    keep.track(window);
    screen.areas = [laptop];
    screen.emit('display-removed');
    expect(window.bounds).toEqual({ x: 50, y: 40, width: 1200, height: 800 });
  });
});
