import { INVOKE_CHANNELS } from '@shared/ipc';
import { ipcMain } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeElectron } from '../../tests/fakes/electron';
import { type InvokeHandlers, type IpcMainLike, registerInvokeHandlers } from './ipc';
import { APP_ORIGIN } from './security';

const fakeIpc = ipcMain as unknown as IpcMainLike & {
  invoke(channel: string, origin: string, ...args: unknown[]): Promise<unknown>;
};

function handlers(): InvokeHandlers {
  return {
    'app:info': async () => ({
      name: 'Switchboard',
      version: '1',
      platform: 'linux',
      apiBaseUrl: 'http://127.0.0.1:8080/api',
    }),
    'tokens:set': vi.fn(async () => null),
    'tokens:get-access': async () => 'sba_x',
    'tokens:refresh': async () => null,
    'tokens:clear': async () => undefined,
    'tokens:act-as': async () => undefined,
    'tokens:end-acting': async () => undefined,
    'notifications:show': vi.fn(async () => undefined),
    'presence:set': vi.fn(async () => undefined),
    'badge:set': async () => undefined,
    'call:ringing': async () => undefined,
    'audio:get': async () => ({ inputDeviceId: null, outputDeviceId: null, ringtoneDeviceId: null }),
    'audio:set': async () => undefined,
    'cache:get': async () => null,
    'cache:set': async () => undefined,
    'cache:remove': async () => undefined,
    'settings:get': async () => ({
      launchAtLogin: false,
      autoAway: false,
      shortcuts: { answer: '', decline: '', 'hang-up': '', mute: '' },
    }),
    'settings:set': async () => [],
    'page:save-pdf': async () => true,
  };
}

beforeEach(() => resetFakeElectron());

describe('IPC handlers check the sender and the payload before acting', () => {
  it('registers every channel of the contract', () => {
    registerInvokeHandlers(fakeIpc, handlers(), { ownOrigins: [APP_ORIGIN] });
    expect([...(ipcMain as unknown as { handlers: Map<string, unknown> }).handlers.keys()].sort()).toEqual(
      [...INVOKE_CHANNELS].sort(),
    );
  });

  it('answers our own page', async () => {
    registerInvokeHandlers(fakeIpc, handlers(), { ownOrigins: [APP_ORIGIN] });
    await expect(fakeIpc.invoke('tokens:get-access', APP_ORIGIN)).resolves.toBe('sba_x');
  });

  it('refuses a call from a foreign frame, and logs it', async () => {
    const log = vi.fn();
    const h = handlers();
    registerInvokeHandlers(fakeIpc, h, { ownOrigins: [APP_ORIGIN], log });
    await expect(fakeIpc.invoke('presence:set', 'https://evil.test', 'away')).rejects.toThrow(
      'not available to this page',
    );
    expect(h['presence:set']).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('refused presence:set from https://evil.test/'));
  });

  it.each([
    ['presence:set', 'busy'],
    ['badge:set', -1],
    ['call:ringing', 'yes'],
    ['tokens:set', { access_token: 'a', refresh_token: 'r', expires_in: 60, role: 'owner' }],
    ['notifications:show', { tag: 't', title: 'x', body: 'y', kind: 'call', route: 'https://evil.test' }],
    // The renderer names the file; the path is main's (a save dialog), never the page's.
    ['page:save-pdf', { title: 'report', path: '/etc/passwd' }],
    ['page:save-pdf', { title: '' }],
  ])('refuses %s with a bad payload %j', async (channel, payload) => {
    const h = handlers();
    const handler = vi.fn(h[channel as keyof InvokeHandlers]);
    (h as Record<string, unknown>)[channel] = handler;
    resetFakeElectron();
    registerInvokeHandlers(fakeIpc, h, { ownOrigins: [APP_ORIGIN] });
    await expect(fakeIpc.invoke(channel, APP_ORIGIN, payload)).rejects.toThrow('does not take');
    expect(handler).not.toHaveBeenCalled();
  });
});
