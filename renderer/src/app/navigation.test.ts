import { describe, expect, it } from 'vitest';
import { visibleNavItems } from './navigation';

describe('the navigation shows only the areas a role may use (docs/permissions.md)', () => {
  it.each([
    ['owner', ['Inbox', 'Contacts', 'Groups', 'Custom fields', 'Users', 'API keys', 'Profile']],
    ['administrator', ['Inbox', 'Contacts', 'Groups', 'Custom fields', 'Users', 'API keys', 'Profile']],
    ['billing', ['API keys', 'Profile']],
    ['reporting', ['Contacts', 'Groups', 'API keys', 'Profile']],
    ['user', ['Inbox', 'Contacts', 'Groups', 'API keys', 'Profile']],
    [null, ['API keys', 'Profile']],
  ] as const)('%s → %j', (role, labels) => {
    expect(visibleNavItems(role).map((item) => item.label)).toEqual(labels);
  });
});
