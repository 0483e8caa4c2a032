/** The electron test project resolves `electron` to the fake, and the fake behaves as main-process code expects. */
import { app, ipcMain, safeStorage } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetFakeElectron } from './electron';

beforeEach(() => resetFakeElectron());

describe('the electron fake', () => {
  it('is what `electron` resolves to in the electron project', async () => {
    const fake = await import('./electron');
    expect(app).toBe(fake.app);
    expect(app.getName()).toBe('Switchboard');
  });

  it('safeStorage round-trips without leaving the plain text readable, and fails when unavailable', () => {
    const sealed = safeStorage.encryptString('refresh-token-secret');
    expect(sealed.toString('utf8')).not.toContain('refresh-token-secret');
    expect(safeStorage.decryptString(sealed)).toBe('refresh-token-secret');
    (safeStorage as unknown as { available: boolean }).available = false;
    expect(safeStorage.isEncryptionAvailable()).toBe(false);
    expect(() => safeStorage.encryptString('x')).toThrow('Encryption is not available.');
  });

  it('ipcMain refuses a second handler for a channel and passes the sender frame to handlers', async () => {
    ipcMain.handle('app:info', (event) => event.senderFrame?.origin);
    expect(() => ipcMain.handle('app:info', () => null)).toThrow(/second handler/);
    const fake = ipcMain as unknown as { invoke(channel: string, origin: string): Promise<unknown> };
    await expect(fake.invoke('app:info', 'app://switchboard')).resolves.toBe('app://switchboard');
  });

  it('app.whenReady waits for ready', async () => {
    let ready = false;
    const waiting = app.whenReady().then(() => {
      ready = true;
    });
    expect(ready).toBe(false);
    (app as unknown as { emitReady(): void }).emitReady();
    await waiting;
    expect(ready).toBe(true);
  });
});
