import type { SavedReply } from '@shared/api/savedReplies';
import { describe, expect, it } from 'vitest';
import { searchReplies } from './savedRepliesApi';

const reply = (id: number, title: string, body: string): SavedReply => ({
  id,
  title,
  body,
  shared: false,
  editable: true,
  created_at: '2026-11-20T00:00:00Z',
  updated_at: '2026-11-20T00:00:00Z',
});

describe('searchReplies', () => {
  const replies = [reply(1, 'Hours', 'We open at 9'), reply(2, 'Address', '1 Main St, open daily')];
  it.each<[string, number[]]>([
    ['', [1, 2]],
    ['hours', [1]],
    ['OPEN', [1, 2]],
    ['main open', [2]],
    ['nothing', []],
  ])('%j', (search, ids) => {
    expect(searchReplies(replies, search).map((item) => item.id)).toEqual(ids);
  });
});
