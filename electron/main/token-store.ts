/**
 * The secure token store (design card; ARCHITECTURE "Secrets"): the token pair lives in main, encrypted with the
 * OS keychain through Electron's safeStorage and persisted in a small store; nothing in plain text on disk. The
 * renderer gets only the access token; main renews it with the refresh token, which never leaves main.
 * If the OS keychain is unavailable, tokens are kept in memory for this session only, and `unavailableReason`
 * says why the user will have to sign in again next time. A platform admin acting as another user (§4) uses that
 * user's pair, in memory only, on top of their own, which is there again when they return.
 */
import type { StoredTokens } from '@shared/ipc';

export interface SecretStorage {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

interface Held extends StoredTokens {
  /** When the access token stops working (ms since epoch). */
  expiresAt: number;
}

const KEY = 'tokens';
/** Renew a little before the server would refuse the token. */
const EARLY_MS = 30_000;

export class TokenVault {
  private held: Held | null = null;
  /** The pair of the user a platform admin is acting as; never persisted, so a restart returns to the admin. */
  private acting: Held | null = null;
  private pending: Promise<string | null> | null = null;

  constructor(
    private readonly deps: {
      safeStorage: SecretStorage;
      store: KeyValueStore;
      /** Exchanges a refresh token for a new pair (POST /sanctum/refresh); null when the server refuses it. */
      refresh(refreshToken: string): Promise<StoredTokens | null>;
      now?: () => number;
    },
  ) {
    this.held = this.load();
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Why tokens cannot be kept across restarts, or null when they can. */
  get unavailableReason(): string | null {
    return this.deps.safeStorage.isEncryptionAvailable()
      ? null
      : 'This computer’s keychain is not available, so you will need to sign in again next time the app starts.';
  }

  private load(): Held | null {
    const sealed = this.deps.store.get(KEY);
    if (typeof sealed !== 'string' || !this.deps.safeStorage.isEncryptionAvailable()) return null;
    try {
      return JSON.parse(this.deps.safeStorage.decryptString(Buffer.from(sealed, 'base64'))) as Held;
    } catch {
      // Sealed by another user or machine, or damaged: it cannot be used, so it goes.
      this.deps.store.delete(KEY);
      return null;
    }
  }

  async set(tokens: StoredTokens): Promise<void> {
    this.held = { ...tokens, expiresAt: this.now() + tokens.expires_in * 1000 };
    if (this.deps.safeStorage.isEncryptionAvailable()) {
      this.deps.store.set(
        KEY,
        this.deps.safeStorage.encryptString(JSON.stringify(this.held)).toString('base64'),
      );
    } else {
      this.deps.store.delete(KEY);
    }
  }

  /** Acts as another user (a platform admin's sign-in as them) until `endActing`. */
  actAs(tokens: StoredTokens): void {
    this.acting = { ...tokens, expiresAt: this.now() + tokens.expires_in * 1000 };
  }

  /** Back to the user's own pair. */
  endActing(): void {
    this.acting = null;
  }

  /** A working access token: the one in use, or a renewed one when it is about to expire; null when signed out. */
  async accessToken(): Promise<string | null> {
    const current = this.acting ?? this.held;
    if (!current) return null;
    if (current.expiresAt - EARLY_MS > this.now()) return current.access_token;
    return this.refresh();
  }

  /**
   * Renews the pair in use now. Concurrent callers share one renewal (a refresh token works once). A refused
   * renewal signs out of that pair: the acted-as user's only, or the user's own.
   */
  async refresh(): Promise<string | null> {
    const current = this.acting ?? this.held;
    if (!current) return null;
    const acting = current === this.acting;
    this.pending ??= (async () => {
      const renewed = await this.deps.refresh(current.refresh_token).catch(() => null);
      if (acting) {
        this.acting = renewed ? { ...renewed, expiresAt: this.now() + renewed.expires_in * 1000 } : null;
        return renewed?.access_token ?? null;
      }
      if (!renewed) {
        await this.clear();
        return null;
      }
      await this.set(renewed);
      return renewed.access_token;
    })().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  async clear(): Promise<void> {
    this.held = null;
    this.acting = null;
    this.deps.store.delete(KEY);
  }
}
