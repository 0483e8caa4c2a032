import type { Conversation } from '@shared/api/conversations';
import { describe, expect, it } from 'vitest';
import { conversationAssignee, conversationLine } from './ConversationList';

const conversation = (change: Partial<Conversation>): Conversation => ({
  id: 1,
  company_id: 1,
  recipient: '+14155550177',
  number: { id: 3, number: '+14155550100', label: 'Sales' },
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

describe('a conversation row', () => {
  // Issue 17: "each conversation row shows its line and assignee".
  it('names the line by its label, with the number in the full form', () => {
    expect(conversationLine(conversation({}))).toEqual({ name: 'Sales', full: 'Sales · (415) 555-0100' });
  });

  it('names an unlabelled line by its number', () => {
    const unlabelled = conversation({ number: { id: 3, number: '+14155550100', label: ' ' } });
    expect(conversationLine(unlabelled)).toEqual({ name: '(415) 555-0100', full: '(415) 555-0100' });
  });

  it('says who it is assigned to, or Unassigned', () => {
    expect(conversationAssignee(conversation({}))).toBe('Unassigned');
    expect(conversationAssignee(conversation({ assigned_user: { id: 9, name: 'Ann Lee' } }))).toBe('Ann Lee');
  });
});
