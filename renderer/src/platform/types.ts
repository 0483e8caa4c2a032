/**
 * Everything the desktop provides, as one interface (ARCHITECTURE "renderer/src/platform"). The renderer asks
 * this, never `window.desktop`; the web implementation serves browsers and the e2e tests, the Electron one
 * (Desktop shell issue) wraps `window.desktop`. Nothing outside this folder knows which one runs.
 */
import type {
  AppInfo,
  AudioPreferences,
  CallShortcutAction,
  DesktopNotification,
  DesktopSettings,
  Presence,
  StoredTokens,
} from '@shared/ipc';

export interface Platform {
  kind: 'web' | 'desktop';
  info(): Promise<AppInfo>;
  /**
   * Bearer tokens. The desktop app keeps them in main (encrypted) and hands out only the access token; the web
   * build holds none, because its same-origin session cookie signs requests and page scripts never see a token.
   */
  tokens: {
    readonly held: boolean;
    /** Answers why they cannot be kept past this session (no OS keychain), for the user to be told; else null. */
    set(tokens: StoredTokens): Promise<string | null>;
    accessToken(): Promise<string | null>;
    /** Exchanges the refresh token for a new pair (in main); null when signed out. */
    refresh(): Promise<string | null>;
    clear(): Promise<void>;
    /** A platform admin acts as another user with their pair (§4), kept in memory only, until `endActing`. */
    actAs(tokens: StoredTokens): Promise<void>;
    /** Back to the user's own sign-in. */
    endActing(): Promise<void>;
  };
  notify(notification: DesktopNotification): Promise<void>;
  /** Shows presence where the platform can (the tray); the web build shows it in the app only. */
  setPresence(presence: Presence): Promise<void>;
  /**
   * A call rings (true) or stopped ringing (false): the desktop raises its window above others until it stops;
   * a browser has the Web Notification only.
   */
  setRinging(ringing: boolean): Promise<void>;
  /** The unread count on the dock, taskbar or tab title. */
  setBadge(count: number): Promise<void>;
  /**
   * The page on screen as a PDF (a report): the desktop writes one where the person chooses ('saved', or
   * 'cancelled' when they closed the dialog); a browser opens its print dialog, whose printer list has "Save as PDF"
   * ('printed').
   */
  savePdf(title: string): Promise<'saved' | 'cancelled' | 'printed'>;
  audio: { get(): Promise<AudioPreferences>; set(preferences: AudioPreferences): Promise<void> };
  /** This computer's app settings (launch at login, automatic Away, call shortcuts); null in a browser. */
  desktopSettings: {
    get(): Promise<DesktopSettings>;
    /** Answers the shortcut actions another app holds. */
    set(settings: DesktopSettings): Promise<CallShortcutAction[]>;
  } | null;
  /** Durable storage for the query cache and paused mutations (IndexedDB on the web, main's store on desktop). */
  storage: {
    get(key: string): Promise<string | null>;
    set(key: string, value: string): Promise<void>;
    remove(key: string): Promise<void>;
  };
  /** The machine woke or the network came back: reconnect and refetch. Returns the unsubscribe function. */
  onResume(listener: () => void): () => void;
  /** The tray asked for a presence (desktop only). */
  onPresenceRequested(listener: (presence: Presence) => void): () => void;
  /** A global call shortcut was pressed (desktop only; the window may be hidden). */
  onCallShortcut(listener: (action: CallShortcutAction) => void): () => void;
  /** The tray's Sign out was chosen (desktop only). */
  onSignOutRequested(listener: () => void): () => void;
  /** A notification was clicked, or a tel:/sms: link opened: go there. */
  onNavigate(listener: (route: string) => void): () => void;
}
