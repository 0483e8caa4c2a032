import { safeStorage } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeElectron } from '../../tests/fakes/electron';
import { memoryStore } from './memoryStore';
import { type KeyValueStore, TokenVault } from './token-store';

const pair = { access_token: 'sba_access_1', refresh_token: 'sbr_refresh_1', expires_in: 3600 };

beforeEach(() => resetFakeElectron());

/** A vault on `store` whose renewals are never looked at. */
const vaultOn = (store: KeyValueStore) => new TokenVault({ safeStorage, store, refresh: vi.fn() });

describe('the secure token store', () => {
  it('never writes a token in plain text, and survives a restart', async () => {
    const store = memoryStore();
    const vault = vaultOn(store);
    await vault.set(pair);
    const written = JSON.stringify([...store.data.values()]);
    expect(written).not.toContain('sba_access_1');
    expect(written).not.toContain('sbr_refresh_1');

    const afterRestart = vaultOn(store);
    await expect(afterRestart.accessToken()).resolves.toBe('sba_access_1');
  });

  it('hands out the access token, and renews it shortly before it expires (one renewal for concurrent callers)', async () => {
    let now = 0;
    const refresh = vi.fn(async () => ({
      access_token: 'sba_access_2',
      refresh_token: 'sbr_refresh_2',
      expires_in: 3600,
    }));
    const vault = new TokenVault({ safeStorage, store: memoryStore(), refresh, now: () => now });
    await vault.set(pair);
    await expect(vault.accessToken()).resolves.toBe('sba_access_1');
    now = 3600_000 - 10_000;
    const [a, b] = await Promise.all([vault.accessToken(), vault.accessToken()]);
    expect([a, b]).toEqual(['sba_access_2', 'sba_access_2']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('sbr_refresh_1');
  });

  it('a refused renewal signs out: the tokens are wiped', async () => {
    const store = memoryStore();
    const vault = new TokenVault({ safeStorage, store, refresh: async () => null });
    await vault.set(pair);
    await expect(vault.refresh()).resolves.toBeNull();
    await expect(vault.accessToken()).resolves.toBeNull();
    expect(store.data.size).toBe(0);
  });

  it('without a keychain, keeps tokens in memory only and says why sign-in will be needed again', async () => {
    (safeStorage as unknown as { available: boolean }).available = false;
    const store = memoryStore();
    const vault = vaultOn(store);
    await vault.set(pair);
    await expect(vault.accessToken()).resolves.toBe('sba_access_1');
    expect(store.data.size).toBe(0);
    expect(vault.unavailableReason).toMatch(/sign in again/);
  });

  it('a sealed value it cannot open (another machine) is discarded', async () => {
    const store = memoryStore();
    store.set('tokens', Buffer.from('not sealed by us').toString('base64'));
    const vault = vaultOn(store);
    await expect(vault.accessToken()).resolves.toBeNull();
    expect(store.data.size).toBe(0);
  });

  it('sign-out wipes it', async () => {
    const store = memoryStore();
    const vault = vaultOn(store);
    await vault.set(pair);
    await vault.clear();
    await expect(vault.accessToken()).resolves.toBeNull();
    expect(store.data.size).toBe(0);
  });

  it("acting as another user (§4 Admin login) uses their pair in memory only, and returns to the admin's own", async () => {
    const store = memoryStore();
    const vault = vaultOn(store);
    await vault.set(pair);
    const sealedBefore = store.data.get('tokens');
    vault.actAs({ access_token: 'sba_user_7', refresh_token: 'sbr_user_7', expires_in: 3600 });
    await expect(vault.accessToken()).resolves.toBe('sba_user_7');
    expect(store.data.get('tokens')).toBe(sealedBefore);
    // A restart while acting comes back as the admin.
    await expect(vaultOn(store).accessToken()).resolves.toBe('sba_access_1');
    vault.endActing();
    await expect(vault.accessToken()).resolves.toBe('sba_access_1');
  });

  it("renews the acted-as pair on its own; a refusal ends the acting, not the admin's sign-in", async () => {
    const refresh = vi.fn(async (token: string) =>
      token === 'sbr_user_7'
        ? { access_token: 'sba_user_7b', refresh_token: 'sbr_user_7b', expires_in: 60 }
        : null,
    );
    const vault = new TokenVault({ safeStorage, store: memoryStore(), refresh });
    await vault.set(pair);
    vault.actAs({ access_token: 'sba_user_7', refresh_token: 'sbr_user_7', expires_in: 3600 });
    await expect(vault.refresh()).resolves.toBe('sba_user_7b');
    await expect(vault.refresh()).resolves.toBeNull();
    await expect(vault.accessToken()).resolves.toBe('sba_access_1');
    expect(refresh.mock.calls.map(([token]) => token)).toEqual(['sbr_user_7', 'sbr_user_7b']);
  });
});
