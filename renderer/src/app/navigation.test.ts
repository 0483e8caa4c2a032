import { describe, expect, it } from 'vitest';
import { visibleNavItems } from './navigation';

describe('the navigation shows only the areas a role may use (docs/permissions.md)', () => {
  it.each([
    ['owner', ['Inbox', 'Activity', 'Contacts', 'Groups', 'Custom fields', 'Users', 'API keys', 'Profile']],
    [
      'administrator',
      ['Inbox', 'Activity', 'Contacts', 'Groups', 'Custom fields', 'Users', 'API keys', 'Profile'],
    ],
    ['billing', ['API keys', 'Profile']],
    ['reporting', ['Activity', 'Contacts', 'Groups', 'API keys', 'Profile']],
    ['user', ['Inbox', 'Activity', 'Contacts', 'Groups', 'API keys', 'Profile']],
    [null, ['API keys', 'Profile']],
  ] as const)('%s → %j', (role, labels) => {
    expect(visibleNavItems(role).map((item) => item.label)).toEqual(labels);
  });
});
