import { beforeEach, describe, expect, it } from 'vitest';
import { landingPath, mayOpen, rememberedScreen, rememberScreen, roleLanding } from './landing';

describe('each role lands where it works (issue 17 "Landing by role")', () => {
  it.each([
    // "agents land on the inbox"
    ['user', '/inbox'],
    // "owners and admins on the inbox"
    ['owner', '/inbox'],
    ['administrator', '/inbox'],
    // "reporting users on activity (the dashboard once it exists)": it exists (issue 22)
    ['reporting', '/dashboard'],
    // "billing users on billing (once it exists; until then activity or what they may see)": billing users may not
    // see the activity feed (docs/permissions.md); they see reports, so the dashboard
    ['billing', '/dashboard'],
    // no company yet: the first area anyone signed in may use
    [null, '/api-keys'],
  ] as const)('%s → %s', (role, path) => {
    expect(roleLanding(role)).toBe(path);
  });
});

describe('the last visited screen wins when the app opens at its root, if the role may still open it', () => {
  it.each([
    ['user', '/contacts/12', '/contacts/12'],
    ['user', '/inbox/7', '/inbox/7'],
    ['user', '/settings/audio', '/settings/audio'],
    ['user', null, '/inbox'],
    // an agent who used to be an administrator: Users is no longer theirs
    ['user', '/users', '/inbox'],
    ['reporting', '/inbox/7', '/dashboard'],
    ['billing', '/profile', '/profile'],
    ['billing', '/activity', '/dashboard'],
  ] as const)('%s remembering %s → %s', (role, remembered, path) => {
    expect(landingPath(role, remembered)).toBe(path);
  });

  it('an area is told from a path by its whole first segment', () => {
    expect(mayOpen('/groups', 'reporting')).toBe(true);
    expect(mayOpen('/inbox-elsewhere', 'reporting')).toBe(true);
    expect(mayOpen('/inbox/new', 'reporting')).toBe(false);
  });
});

describe('the last visited screen is kept per user', () => {
  beforeEach(() => localStorage.clear());

  it('remembers a path for one user without telling it to another', () => {
    expect(rememberedScreen(1)).toBeNull();
    rememberScreen(1, '/contacts');
    rememberScreen(2, '/activity');
    expect(rememberedScreen(1)).toBe('/contacts');
    expect(rememberedScreen(2)).toBe('/activity');
  });
});
