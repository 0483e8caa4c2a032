import { Tray } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type MenuItemTemplate, resetFakeElectron } from '../../tests/fakes/electron';
import { TrayService } from './tray';

beforeEach(() => resetFakeElectron());

function setup() {
  const actions = { choosePresence: vi.fn(), open: vi.fn(), signOut: vi.fn(), quit: vi.fn() };
  const service = new TrayService(actions, (presence) => `/icons/tray-${presence}.png`);
  const tray = (
    Tray as unknown as {
      all: { tooltip: string; image: { path: string }; menu: { template: MenuItemTemplate[] } }[];
    }
  ).all[0];
  const item = (label: string) => tray?.menu.template.find((entry) => entry.label === label);
  return { service, actions, tray, item };
}

describe('the tray', () => {
  it('offers Active, Away, Open, Sign out and Quit', () => {
    const { tray } = setup();
    expect(tray?.menu.template.filter((e) => e.label).map((e) => e.label)).toEqual([
      'Active',
      'Away',
      'Open',
      'Sign out',
      'Quit',
    ]);
  });

  it('reflects presence in the menu, icon and tooltip, with the unread count', () => {
    const { service, tray, item } = setup();
    service.setSignedIn(true);
    service.setPresence('active');
    service.setUnread(3);
    expect(item('Active')?.checked).toBe(true);
    expect(item('Away')?.checked).toBe(false);
    expect(tray?.image.path).toBe('/icons/tray-active.png');
    expect(tray?.tooltip).toBe('Switchboard — Active · 3 unread');
    service.setPresence('away');
    service.setUnread(0);
    expect(item('Away')?.checked).toBe(true);
    expect(tray?.tooltip).toBe('Switchboard — Away');
  });

  it('choosing a presence asks the renderer; it does not change until the server answers', () => {
    const { service, actions, item } = setup();
    service.setSignedIn(true);
    item('Active')?.click?.();
    expect(actions.choosePresence).toHaveBeenCalledWith('active');
    expect(item('Away')?.checked).toBe(true);
  });

  it('signed out, presence and sign-out are unavailable', () => {
    const { item, tray } = setup();
    expect(item('Active')?.enabled).toBe(false);
    expect(item('Sign out')?.enabled).toBe(false);
    expect(tray?.tooltip).toBe('Switchboard — signed out');
  });
});
