import { globalShortcut } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeElectron } from '../../tests/fakes/electron';
import { AutoAway } from './autoAway';
import { DEFAULT_SHORTCUTS, registerCallShortcuts, releaseCallShortcuts } from './shortcuts';

const fake = globalShortcut as unknown as {
  registered: Map<string, () => void>;
  taken: Set<string>;
  press(a: string): void;
};

beforeEach(() => resetFakeElectron());

describe('global call shortcuts', () => {
  it('registers answer, decline, hang up and mute; pressing one tells the renderer', () => {
    const onPress = vi.fn();
    expect(registerCallShortcuts({ ...DEFAULT_SHORTCUTS }, onPress)).toEqual([]);
    expect([...fake.registered.keys()].sort()).toEqual(Object.values(DEFAULT_SHORTCUTS).sort());
    fake.press('CommandOrControl+Shift+A');
    expect(onPress).toHaveBeenCalledWith('answer');
  });

  it('reports a shortcut another app holds, and can be configured', () => {
    fake.taken.add('CommandOrControl+Shift+M');
    expect(registerCallShortcuts({ ...DEFAULT_SHORTCUTS }, vi.fn())).toEqual(['mute']);
    expect(registerCallShortcuts({ ...DEFAULT_SHORTCUTS, mute: 'F8' }, vi.fn())).toEqual([]);
    expect(fake.registered.has('F8')).toBe(true);
  });

  it('releases them all on quit', () => {
    registerCallShortcuts({ ...DEFAULT_SHORTCUTS }, vi.fn());
    releaseCallShortcuts();
    expect(fake.registered.size).toBe(0);
  });
});

describe('automatic Away on lock or sleep', () => {
  const setup = (enabled: boolean, presence: 'active' | 'away') => {
    let current = presence;
    const request = vi.fn((next: 'active' | 'away') => {
      current = next;
    });
    const autoAway = new AutoAway({ enabled: () => enabled, presence: () => current, request });
    return { autoAway, request };
  };

  it('sets an active agent Away when chosen, and Active again on return', () => {
    const { autoAway, request } = setup(true, 'active');
    autoAway.left();
    autoAway.returned();
    expect(request.mock.calls).toEqual([['away'], ['active']]);
  });

  it('does nothing when the user did not choose it', () => {
    const { autoAway, request } = setup(false, 'active');
    autoAway.left();
    autoAway.returned();
    expect(request).not.toHaveBeenCalled();
  });

  it('never sets Active someone who was Away before the lock', () => {
    const { autoAway, request } = setup(true, 'away');
    autoAway.left();
    autoAway.returned();
    expect(request).not.toHaveBeenCalled();
  });
});
