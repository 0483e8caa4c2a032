import type { DesktopApi } from '@shared/ipc';
import { describe, expect, it, vi } from 'vitest';

type FakeIpc = {
  invocations: { channel: string; args: unknown[] }[];
  answer: (channel: string, ...args: unknown[]) => unknown;
  emitFromMain(channel: string, payload: unknown): void;
  listenerCount(channel: string): number;
};

/** A fresh preload with a fresh fake of Electron, as each window gets. */
async function loadPreload() {
  vi.resetModules();
  const electron = await import('electron');
  await import('./index');
  const exposed = (electron.contextBridge as unknown as { exposed: Map<string, unknown> }).exposed;
  return {
    exposed,
    desktop: exposed.get('desktop') as DesktopApi,
    ipc: electron.ipcRenderer as unknown as FakeIpc,
  };
}

describe('the preload', () => {
  it('exposes exactly one object, window.desktop, with invoke and on only', async () => {
    const { exposed, desktop } = await loadPreload();
    expect([...exposed.keys()]).toEqual(['desktop']);
    expect(Object.keys(desktop).sort()).toEqual(['invoke', 'on']);
  });

  it('invokes a declared channel through IPC and refuses an undeclared one', async () => {
    const { desktop, ipc } = await loadPreload();
    ipc.answer = (channel) => (channel === 'tokens:get-access' ? 'sba_x' : undefined);
    await expect(desktop.invoke('tokens:get-access')).resolves.toBe('sba_x');
    await expect(desktop.invoke('presence:set', 'away')).resolves.toBeUndefined();
    expect(ipc.invocations).toEqual([
      { channel: 'tokens:get-access', args: [] },
      { channel: 'presence:set', args: ['away'] },
    ]);
    await expect((desktop.invoke as (c: string) => Promise<unknown>)('shell:open-anything')).rejects.toThrow(
      'Unknown channel',
    );
  });

  it('subscribes to declared events only, and unsubscribes', async () => {
    const { desktop, ipc } = await loadPreload();
    const heard: unknown[] = [];
    const off = desktop.on('presence:requested', (presence) => heard.push(presence));
    ipc.emitFromMain('presence:requested', 'away');
    off();
    ipc.emitFromMain('presence:requested', 'active');
    expect(heard).toEqual(['away']);
    expect(ipc.listenerCount('presence:requested')).toBe(0);
    expect(() => (desktop.on as (c: string, l: () => void) => void)('anything', () => {})).toThrow(
      'Unknown event',
    );
  });
});
