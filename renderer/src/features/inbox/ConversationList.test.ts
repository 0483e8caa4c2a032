import type { Conversation } from '@shared/api/conversations';
import { describe, expect, it } from 'vitest';
import { aConversation } from '../../testing/conversations';
import { conversationAssignee, conversationLine } from './ConversationList';

/** A conversation to +1 415 555 0177 on the Sales line. */
const conversation = (change: Partial<Conversation>): Conversation =>
  aConversation({
    recipient: '+14155550177',
    number: { id: 3, number: '+14155550100', label: 'Sales' },
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
