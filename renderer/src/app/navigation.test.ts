import { describe, expect, it } from 'vitest';
import { visibleNavItems } from './navigation';

/** What an owner or an administrator sees: every area. */
const EVERY_AREA = [
  'Inbox',
  'Dashboard',
  'Activity',
  'Reports',
  'Contacts',
  'Groups',
  'Campaigns',
  'Numbers',
  'Call tracking',
  'Alerts',
  'Text registration',
  'Custom fields',
  'Users',
  'Billing',
  'API keys',
  'Profile',
] as const;

describe('the navigation shows only the areas a role may use (docs/permissions.md)', () => {
  it.each([
    ['owner', EVERY_AREA],
    ['administrator', EVERY_AREA],
    ['billing', ['Dashboard', 'Reports', 'Alerts', 'Billing', 'API keys', 'Profile']],
    [
      'reporting',
      [
        'Dashboard',
        'Activity',
        'Reports',
        'Contacts',
        'Groups',
        'Campaigns',
        'Numbers',
        'Call tracking',
        'Alerts',
        'Text registration',
        'API keys',
        'Profile',
      ],
    ],
    [
      'user',
      [
        'Inbox',
        'Activity',
        'Contacts',
        'Groups',
        'Campaigns',
        'Numbers',
        'Call tracking',
        'Text registration',
        'API keys',
        'Profile',
      ],
    ],
    [null, ['API keys', 'Profile']],
  ] as const)('%s → %j', (role, labels) => {
    expect(visibleNavItems(role).map((item) => item.label)).toEqual(labels);
  });
});
