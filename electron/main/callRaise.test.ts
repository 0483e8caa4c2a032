/** The ringing window: raised above others while a call rings (not when Away), back to normal when it stops. */
import type { Presence } from '@shared/ipc';
import { describe, expect, it } from 'vitest';
import { CallRaise, type RaisableWindow } from './callRaise';

function fakeWindow(minimized = false) {
  const acts: string[] = [];
  const window: RaisableWindow = {
    isMinimized: () => minimized,
    restore: () => acts.push('restore'),
    show: () => acts.push('show'),
    focus: () => acts.push('focus'),
    setAlwaysOnTop: (flag, level) => acts.push(`on-top ${flag}${level ? ` ${level}` : ''}`),
    flashFrame: (flag) => acts.push(`flash ${flag}`),
  };
  return { window, acts };
}

describe('CallRaise', () => {
  it('a ring restores, shows and keeps the window on top, flashing, until it stops', () => {
    const { window, acts } = fakeWindow(true);
    const raise = new CallRaise(
      () => window,
      () => 'active',
    );
    raise.ringing(true);
    expect(acts).toEqual(['restore', 'show', 'on-top true screen-saver', 'flash true', 'focus']);
    acts.length = 0;
    raise.ringing(false);
    expect(acts).toEqual(['on-top false', 'flash false']);
  });

  it('away: a ring does not raise the window; a stop without a raise does nothing', () => {
    const { window, acts } = fakeWindow();
    let presence: Presence = 'away';
    const raise = new CallRaise(
      () => window,
      () => presence,
    );
    raise.ringing(true);
    raise.ringing(false);
    expect(acts).toEqual([]);
    presence = 'active';
    raise.ringing(true);
    expect(acts).toContain('on-top true screen-saver');
  });

  it('no window yet (still starting): nothing to raise', () => {
    const raise = new CallRaise(
      () => null,
      () => 'active',
    );
    expect(() => raise.ringing(true)).not.toThrow();
  });
});
