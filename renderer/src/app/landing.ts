/**
 * Where a signed-in user lands (issue 17 "Landing by role"): the screen their role works in all day, and, when the
 * app is opened again at its root (a restart, a reload of `/`), the screen they last visited.
 *
 * - agents, owners and administrators: the inbox;
 * - reporting users: the dashboard;
 * - billing users: billing once it exists; until then the dashboard (their role sees reports, not the feed);
 * - anyone else, such as a user with no company yet: the first area of the navigation they may use.
 * A platform admin acts as owner in every company (docs/permissions.md), so the company's role decides too.
 *
 * The last visited screen is kept per user in localStorage: a path names records by id only and holds nothing
 * secret (the query string, where a search could name a person, is left out).
 */
import type { Role } from '@shared/domain/users';
import { NAV_ITEMS, visibleNavItems } from './navigation';

/** The screens each role works in, best first; the first one the role may use wins. */
const PREFERRED_SCREENS: Readonly<Record<Role, readonly string[]>> = {
  owner: ['/inbox'],
  administrator: ['/inbox'],
  user: ['/inbox'],
  reporting: ['/dashboard', '/activity'],
  billing: ['/dashboard'],
  deactivated: [],
};

/** The role's own screen: its preferred one it may use, else the first area of its navigation. */
export function roleLanding(role: Role | null | undefined): string {
  const usable = visibleNavItems(role).map((item) => item.to);
  const preferred = role ? PREFERRED_SCREENS[role] : [];
  return preferred.find((path) => usable.includes(path)) ?? usable[0] ?? '/profile';
}

/**
 * Whether the role may open a path: a path under an area of the navigation needs that area's permission (a screen
 * remembered before the role changed is not reopened); other screens (`/settings/audio`) are everyone's.
 */
export function mayOpen(path: string, role: Role | null | undefined): boolean {
  const visible = new Set(visibleNavItems(role).map((item) => item.to));
  const area = NAV_ITEMS.find((item) => path === item.to || path.startsWith(`${item.to}/`));
  return !area || visible.has(area.to);
}

/** Where to go from `/`: the remembered screen when there is one the role may still open, else the role's own. */
export function landingPath(role: Role | null | undefined, remembered: string | null): string {
  return remembered && mayOpen(remembered, role) ? remembered : roleLanding(role);
}

const storageKey = (userId: number) => `switchboard.lastScreen.${userId}`;

/** Keeps the screen a user is on (its path only). Storage refused (private mode, full) only means no memory. */
export function rememberScreen(userId: number, pathname: string): void {
  try {
    localStorage.setItem(storageKey(userId), pathname);
  } catch {
    // Nothing to do: the next opening lands on the role's screen instead.
  }
}

export function rememberedScreen(userId: number): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}
