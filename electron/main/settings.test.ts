import { globalShortcut } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeElectron } from '../../tests/fakes/electron';
import { memoryStore } from './memoryStore';
import { DEFAULT_SETTINGS, DesktopSettingsService, launchedHidden } from './settings';
import { configureUpdates } from './updates';

const fakeShortcuts = globalShortcut as unknown as {
  registered: Map<string, () => void>;
  taken: Set<string>;
};

beforeEach(() => resetFakeElectron());

function setup() {
  const loginItems = { setLoginItemSettings: vi.fn() };
  const service = new DesktopSettingsService({
    store: memoryStore(),
    loginItems,
    onShortcut: vi.fn(),
  });
  return { service, loginItems };
}

describe('desktop settings', () => {
  it('start from safe defaults: no launch at login, no automatic Away, the default shortcuts', () => {
    expect(setup().service.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('launch at login opens the app hidden in the tray', () => {
    const { service, loginItems } = setup();
    service.set({ ...DEFAULT_SETTINGS, launchAtLogin: true });
    expect(loginItems.setLoginItemSettings).toHaveBeenLastCalledWith({
      openAtLogin: true,
      args: ['--hidden'],
    });
    expect(service.get().launchAtLogin).toBe(true);
  });

  it.each([
    [['Switchboard.exe', '--hidden'], false, true],
    [['Switchboard.exe'], true, true],
    [['Switchboard.exe', 'tel:+13125550123'], false, false],
  ])('a launch with %j (macOS at login: %s) waits in the tray: %s', (argv, wasOpenedAtLogin, hidden) => {
    expect(launchedHidden(argv, wasOpenedAtLogin)).toBe(hidden);
  });

  it('changing a shortcut re-registers; one held elsewhere is reported; an empty one is off', () => {
    const { service } = setup();
    fakeShortcuts.taken.add('F9');
    const failed = service.set({
      ...DEFAULT_SETTINGS,
      shortcuts: { ...DEFAULT_SETTINGS.shortcuts, mute: 'F9', decline: '' },
    });
    expect(failed).toEqual(['mute']);
    expect([...fakeShortcuts.registered.keys()].sort()).toEqual([
      'CommandOrControl+Shift+A',
      'CommandOrControl+Shift+H',
    ]);
  });
});

describe('automatic updates', () => {
  it('are off without a feed, and check the configured feed otherwise', async () => {
    const updater = {
      setFeedURL: vi.fn(),
      checkForUpdatesAndNotify: vi.fn(async () => null),
      on: vi.fn(),
      autoDownload: false,
    };
    expect(configureUpdates(updater, undefined, vi.fn())).toBe(false);
    expect(updater.checkForUpdatesAndNotify).not.toHaveBeenCalled();
    expect(configureUpdates(updater, 'https://updates.example.com/switchboard', vi.fn())).toBe(true);
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.example.com/switchboard',
    });
    expect(updater.checkForUpdatesAndNotify).toHaveBeenCalledTimes(1);
  });
});
