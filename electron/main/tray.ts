/**
 * The tray: its icon and tooltip show presence (Active / Away) and the unread count; its menu offers Active, Away,
 * Open, Sign out and Quit. Choosing a presence only asks: the renderer calls the server and reports the answer
 * back through `setPresence` (main provides mechanisms; the renderer decides).
 */
import type { Presence } from '@shared/ipc';
import { Menu, nativeImage, Tray } from 'electron';

export interface TrayActions {
  choosePresence(presence: Presence): void;
  open(): void;
  signOut(): void;
  quit(): void;
}

export class TrayService {
  private readonly tray: Tray;
  private presence: Presence = 'away';
  private unread = 0;
  private signedIn = false;

  constructor(
    private readonly actions: TrayActions,
    private readonly iconPath: (presence: Presence) => string,
  ) {
    this.tray = new Tray(nativeImage.createFromPath(iconPath('away')));
    this.tray.on('click', () => actions.open());
    this.render();
  }

  /** The presence the server confirmed. */
  setPresence(presence: Presence): void {
    this.presence = presence;
    this.render();
  }

  setUnread(count: number): void {
    this.unread = Math.max(0, Math.floor(count));
    this.render();
  }

  setSignedIn(signedIn: boolean): void {
    this.signedIn = signedIn;
    this.render();
  }

  /** What the tooltip says, e.g. "Switchboard — Active · 3 unread". */
  tooltip(): string {
    if (!this.signedIn) return 'Switchboard — signed out';
    const state = this.presence === 'active' ? 'Active' : 'Away';
    return `Switchboard — ${state}${this.unread ? ` · ${this.unread} unread` : ''}`;
  }

  private render(): void {
    this.tray.setImage(nativeImage.createFromPath(this.iconPath(this.presence)));
    this.tray.setToolTip(this.tooltip());
    this.tray.setContextMenu(
      Menu.buildFromTemplate([
        {
          label: 'Active',
          type: 'radio',
          checked: this.presence === 'active',
          enabled: this.signedIn,
          click: () => this.actions.choosePresence('active'),
        },
        {
          label: 'Away',
          type: 'radio',
          checked: this.presence === 'away',
          enabled: this.signedIn,
          click: () => this.actions.choosePresence('away'),
        },
        { type: 'separator' },
        { label: 'Open', click: () => this.actions.open() },
        { label: 'Sign out', enabled: this.signedIn, click: () => this.actions.signOut() },
        { label: 'Quit', click: () => this.actions.quit() },
      ]),
    );
  }
}
