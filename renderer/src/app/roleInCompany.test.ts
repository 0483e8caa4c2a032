import type { User } from '@shared/api/auth';
import { describe, expect, it } from 'vitest';
import { mayTakeCalls, roleLabel } from './roleInCompany';

const motors = {
  id: 1,
  name: 'Demo Motors',
  role: 'user' as const,
  in_app_calling_status: 'active' as const,
};
const realty = { ...motors, id: 2, name: 'Demo Realty', role: 'owner' as const };
const line = { sip_address: 'sip:aria@demo.test', sip_user: 'aria', sip_password: 'secret' };
const noLine = { sip_address: null, sip_user: null, sip_password: null };

function user(change: Partial<User>): User {
  return {
    is_platform_admin: false,
    companies: [{ ...motors, organization_id: null }],
    ...line,
    ...change,
  } as User;
}

describe('the role the header names', () => {
  it('is the user’s own role in the selected company', () => {
    expect(roleLabel(user({}), { ...motors, organization_id: null })).toBe('User');
  });

  it('is "Platform admin" for a platform admin in a company they hold no role in (not "Owner")', () => {
    const admin = user({ is_platform_admin: true, companies: [] });
    expect(roleLabel(admin, { ...realty, organization_id: null })).toBe('Platform admin');
  });

  it('is a platform admin’s own role where they have one', () => {
    const admin = user({ is_platform_admin: true });
    expect(roleLabel(admin, { ...motors, organization_id: null })).toBe('User');
  });

  it('is empty without a company', () => {
    expect(roleLabel(user({ companies: [] }), null)).toBe('');
  });
});

describe('the phone is for roles that take calls, with a calling line (§3)', () => {
  it.each([
    ['an agent with a line', user({}), motors, true],
    ['an agent without a line', user(noLine), motors, false],
    ['a reporting user with a line', user({}), { ...motors, role: 'reporting' as const }, false],
    [
      'a platform admin acting as owner, without a line',
      user({ ...noLine, is_platform_admin: true }),
      realty,
      false,
    ],
    ['nobody without a company', user({}), null, false],
  ])('%s → %s', (_who, someone, company, expected) => {
    expect(mayTakeCalls(someone, company && { ...company, organization_id: null })).toBe(expected);
  });
});
