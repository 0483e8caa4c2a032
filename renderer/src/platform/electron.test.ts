import type { DesktopApi } from '@shared/ipc';
import { describe, expect, it, vi } from 'vitest';
import { electronPlatform } from './electron';

function fakeDesktop() {
  const calls: [string, unknown[]][] = [];
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const desktop = {
    invoke: vi.fn(async (channel: string, ...args: unknown[]) => {
      calls.push([channel, args]);
      return channel === 'tokens:get-access' ? 'sba_from_main' : undefined;
    }),
    on: (channel: string, listener: (payload: unknown) => void) => {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      return () =>
        listeners.set(
          channel,
          (listeners.get(channel) ?? []).filter((l) => l !== listener),
        );
    },
  } as unknown as DesktopApi;
  const emit = (channel: string, payload?: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };
  return { desktop, calls, emit };
}

describe('the desktop platform, over window.desktop', () => {
  it('hands the token pair to main at sign-in, keeps no copy, and asks main for the access token', async () => {
    const { desktop, calls } = fakeDesktop();
    const platform = electronPlatform(desktop);
    expect(platform.tokens.held).toBe(false);
    await platform.tokens.set({ access_token: 'a', refresh_token: 'r', expires_in: 60 });
    expect(platform.tokens.held).toBe(true);
    expect(JSON.stringify(platform)).not.toContain('"r"');
    await expect(platform.tokens.accessToken()).resolves.toBe('sba_from_main');
    await platform.tokens.clear();
    expect(calls.map(([channel]) => channel)).toEqual(['tokens:set', 'tokens:get-access', 'tokens:clear']);
  });

  it("acts as another user through main, and returns to the user's own pair", async () => {
    const { desktop, calls } = fakeDesktop();
    const platform = electronPlatform(desktop);
    const other = { access_token: 'a7', refresh_token: 'r7', expires_in: 60 };
    await platform.tokens.actAs(other);
    await platform.tokens.endActing();
    expect(calls).toEqual([
      ['tokens:act-as', [other]],
      ['tokens:end-acting', []],
    ]);
  });

  it('maps presence, badge, ringing, notifications and the cache onto their channels', async () => {
    const { desktop, calls } = fakeDesktop();
    const platform = electronPlatform(desktop);
    await platform.setPresence('away');
    await platform.setBadge(3);
    await platform.setRinging(true);
    await platform.storage.set('k', 'v');
    expect(calls).toEqual([
      ['presence:set', ['away']],
      ['badge:set', [3]],
      ['call:ringing', [true]],
      ['cache:set', [{ key: 'k', value: 'v' }]],
    ]);
  });

  it('saves the page as a PDF through main, which answers whether the person saved it', async () => {
    const { desktop } = fakeDesktop();
    const invoke = vi.mocked(desktop.invoke);
    invoke.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    const platform = electronPlatform(desktop);
    expect(await platform.savePdf('Calls by source')).toBe('saved');
    expect(await platform.savePdf('Calls by source')).toBe('cancelled');
    expect(invoke.mock.calls).toEqual([
      ['page:save-pdf', { title: 'Calls by source' }],
      ['page:save-pdf', { title: 'Calls by source' }],
    ]);
  });

  it("reads and saves this computer's settings through main", async () => {
    const { desktop, calls } = fakeDesktop();
    const platform = electronPlatform(desktop);
    const settings = {
      launchAtLogin: true,
      autoAway: true,
      shortcuts: { answer: 'F7', decline: '', 'hang-up': '', mute: '' },
    };
    await platform.desktopSettings?.set(settings);
    await platform.desktopSettings?.get();
    expect(calls).toEqual([
      ['settings:set', [settings]],
      ['settings:get', []],
    ]);
  });

  it("hears main's resume and the page's own online event, and stops on unsubscribe", () => {
    const { desktop, emit } = fakeDesktop();
    const platform = electronPlatform(desktop);
    const resumed = vi.fn();
    const off = platform.onResume(resumed);
    emit('power:resume');
    window.dispatchEvent(new Event('online'));
    off();
    emit('power:resume');
    window.dispatchEvent(new Event('online'));
    expect(resumed).toHaveBeenCalledTimes(2);
  });

  it("passes on the tray's Sign out", () => {
    const { desktop, emit } = fakeDesktop();
    const requested = vi.fn();
    const off = electronPlatform(desktop).onSignOutRequested(requested);
    emit('session:sign-out-requested');
    off();
    emit('session:sign-out-requested');
    expect(requested).toHaveBeenCalledTimes(1);
  });

  it("answers main's reason when the tokens can only be kept for this session", async () => {
    const { desktop } = fakeDesktop();
    (desktop.invoke as unknown as ReturnType<typeof vi.fn>).mockResolvedValueOnce('No keychain.');
    await expect(
      electronPlatform(desktop).tokens.set({ access_token: 'a', refresh_token: 'r', expires_in: 60 }),
    ).resolves.toBe('No keychain.');
  });
});
