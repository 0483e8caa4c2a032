import { describe, expect, it } from 'vitest';
import {
  effectiveRole,
  mayChangeNote,
  PERMISSIONS,
  type Permission,
  ROLE_PERMISSIONS,
  ROLES,
  type Role,
  roleCan,
  valuesOf,
} from './index';

describe('the permission matrix (docs/permissions.md; §6 leaves "who may do what" to us)', () => {
  it('every account role of §6 has an entry, and every entry names known permissions', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...valuesOf(ROLES)].sort());
    for (const permissions of Object.values(ROLE_PERMISSIONS)) {
      for (const permission of permissions) expect(Object.keys(PERMISSIONS)).toContain(permission);
    }
  });

  it.each<[Role, Permission, boolean]>([
    ['owner', 'billing.manage', true],
    ['owner', 'users.manage', true],
    ['owner', 'platform.admin', false],
    ['owner', 'organization.manage', false],
    ['administrator', 'users.manage', true],
    ['administrator', 'numbers.manage', true],
    ['administrator', 'billing.view', true],
    ['administrator', 'billing.manage', false],
    ['billing', 'billing.manage', true],
    ['billing', 'users.view', false],
    ['billing', 'inbox.use', false],
    ['reporting', 'reports.view', true],
    ['reporting', 'contacts.manage', false],
    ['reporting', 'inbox.use', false],
    ['user', 'inbox.use', true],
    ['user', 'calls.handle', true],
    ['user', 'contacts.manage', true],
    ['user', 'users.view', false],
    ['user', 'numbers.manage', false],
    ['user', 'reports.view', false],
    ['deactivated', 'company.view', false],
  ])('%s may %s: %s', (role, permission, expected) => {
    expect(roleCan(role, permission)).toBe(expected);
  });

  it('every active role may at least see its company; a deactivated one may do nothing', () => {
    for (const role of ['owner', 'administrator', 'billing', 'reporting', 'user'] as const) {
      expect(roleCan(role, 'company.view')).toBe(true);
    }
    expect(ROLE_PERMISSIONS.deactivated).toEqual([]);
    expect(roleCan(null, 'company.view')).toBe(false);
  });
});

describe('effectiveRole', () => {
  it.each<[Parameters<typeof effectiveRole>[0], Role | null]>([
    [{ membershipRole: 'user' }, 'user'],
    [{ membershipRole: null }, null],
    [{}, null],
    [{ membershipRole: null, isOrganizationAdmin: true }, 'administrator'],
    [{ membershipRole: 'user', isOrganizationAdmin: true }, 'administrator'],
    [{ membershipRole: 'owner', isOrganizationAdmin: true }, 'owner'],
    [{ membershipRole: 'deactivated', isOrganizationAdmin: true }, 'deactivated'],
    [{ membershipRole: null, isPlatformAdmin: true }, 'owner'],
  ])('%j → %s', (input, expected) => {
    expect(effectiveRole(input)).toBe(expected);
  });
});

describe('mayChangeNote: "a note may be changed or deleted by its author, or by an owner or administrator"', () => {
  it.each([
    [{ authorId: 5 }, { userId: 5, role: 'user' }, true],
    [{ authorId: 5 }, { userId: 6, role: 'user' }, false],
    [{ authorId: 5 }, { userId: 6, role: 'administrator' }, true],
    [{ authorId: 5 }, { userId: 6, role: 'owner' }, true],
    [{ authorId: 5 }, { userId: 6, role: 'reporting' }, false],
    [{ authorId: null }, { userId: 6, role: 'user' }, false],
    [{ authorId: null }, { userId: 6, role: 'administrator' }, true],
  ] as const)('%j by %j → %s', (note, who, expected) => {
    expect(mayChangeNote(note, who)).toBe(expected);
  });
});
