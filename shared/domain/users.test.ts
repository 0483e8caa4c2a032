import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUS,
  ACCOUNT_STATUSES,
  CREATOR_ROLE,
  canUserCall,
  IN_APP_CALLING_STATUSES,
  ORGANIZATION_ROLES,
  ROLES,
  togglePresence,
  USER_STATES,
  valuesOf,
} from './index';

describe('canUserCall: §3 "A user can call only when all three sip fields are present"', () => {
  const all = { sip_address: 'agent@sip.demo.test', sip_password: 's3cret', sip_user: 'agent' };
  it.each([
    ['all three', all, true],
    ['no address', { ...all, sip_address: null }, false],
    ['empty password', { ...all, sip_password: '' }, false],
    ['blank user', { ...all, sip_user: '  ' }, false],
    ['missing user', { sip_address: all.sip_address, sip_password: all.sip_password }, false],
    ['none', {}, false],
  ])('%s → %s', (_name, user, expected) => {
    expect(canUserCall(user)).toBe(expected);
  });
});

describe('roles and statuses (§3, §4, §6)', () => {
  it('§6 "Account roles: owner, administrator, billing, reporting, user, deactivated. Organization role: org-administrator."', () => {
    expect(valuesOf(ROLES)).toEqual([
      'owner',
      'administrator',
      'billing',
      'reporting',
      'user',
      'deactivated',
    ]);
    expect(valuesOf(ORGANIZATION_ROLES)).toEqual(['org-administrator']);
  });

  it('§6 "A company\'s creator becomes owner."', () => {
    expect(CREATOR_ROLE).toBe('owner');
  });

  it('§6 "Users can be activated, deactivated, disabled or invited."', () => {
    expect(valuesOf(USER_STATES)).toEqual(['active', 'deactivated', 'disabled', 'invited']);
  });

  it('§3 "Account status: ACTIVE=0, PARKED=1, DEACTIVATED=2."', () => {
    expect(ACCOUNT_STATUS).toEqual({ ACTIVE: 0, PARKED: 1, DEACTIVATED: 2 });
    expect(ACCOUNT_STATUSES.map((s) => [s.value, s.label])).toEqual([
      [0, 'Active'],
      [1, 'Parked'],
      [2, 'Deactivated'],
    ]);
  });

  it('§4 "In-app calling status toggles active/away."', () => {
    expect(valuesOf(IN_APP_CALLING_STATUSES)).toEqual(['active', 'away']);
    expect(togglePresence('active')).toBe('away');
    expect(togglePresence('away')).toBe('active');
  });
});
