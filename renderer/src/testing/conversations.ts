/** A conversation as the inbox list answers it, for tests: a quiet one on the Main line unless they say otherwise. */
import type { Conversation } from '@shared/api/conversations';

export const aConversation = (change: Partial<Conversation> = {}): Conversation => ({
  id: 1,
  company_id: 7,
  recipient: '+13125550142',
  number: { id: 3, number: '+13125550100', label: 'Main' },
  contact: null,
  latest_item: null,
  unread_count: 0,
  archived: false,
  blocked: false,
  assigned_user: null,
  last_item_at: '2026-01-01T00:00:00Z',
  recipient_timezone: null,
  ...change,
});
