import type { ActivityRow } from '@shared/api/activity';
import type { Note } from '@shared/api/contacts';
import { describe, expect, it } from 'vitest';
import { timelineEntries } from './timelineModel';

const row = (type: ActivityRow['type'], id: number, at: string): ActivityRow => ({
  type,
  id,
  at,
  isInbound: true,
  remote: '+14155550100',
  number: null,
  contact: { id: 1, name: 'Ann Lee' },
  outcome: null,
  outcome_label: null,
  duration: null,
  text: null,
  pages: null,
  recording_url: null,
  source: null,
  keyword: null,
  tracked: false,
});

const note = (id: number, at: string): Note => ({
  id,
  model_type: 'contact',
  model_id: 1,
  body: `note ${id}`,
  user: null,
  created_at: at,
  updated_at: at,
});

const keys = (activity: ActivityRow[], notes: Note[], allLoaded: boolean) =>
  timelineEntries(activity, notes, allLoaded).map((entry) => entry.key);

describe('the contact timeline', () => {
  const activity = [row('message', 7, '2026-03-05T10:00:00Z'), row('call', 3, '2026-03-03T10:00:00Z')];

  it.each([
    {
      case: 'interleaves notes with activity, newest first',
      notes: [note(1, '2026-03-04T10:00:00Z'), note(2, '2026-03-06T10:00:00Z')],
      allLoaded: true,
      expected: ['note-2', 'message-7', 'note-1', 'call-3'],
    },
    {
      case: 'holds back a note older than the activity loaded while more is to come',
      notes: [note(1, '2026-03-04T10:00:00Z'), note(2, '2026-03-01T10:00:00Z')],
      allLoaded: false,
      expected: ['message-7', 'note-1', 'call-3'],
    },
    {
      case: 'shows every note once all activity is loaded',
      notes: [note(2, '2026-03-01T10:00:00Z')],
      allLoaded: true,
      expected: ['message-7', 'call-3', 'note-2'],
    },
    {
      case: 'keeps a note of the same moment as the oldest activity loaded',
      notes: [note(4, '2026-03-03T10:00:00Z')],
      allLoaded: false,
      expected: ['message-7', 'call-3', 'note-4'],
    },
    {
      case: 'orders notes of one moment newest id first',
      notes: [note(1, '2026-03-04T10:00:00Z'), note(5, '2026-03-04T10:00:00Z')],
      allLoaded: true,
      expected: ['message-7', 'note-5', 'note-1', 'call-3'],
    },
  ])('$case', ({ notes, allLoaded, expected }) => {
    expect(keys(activity, notes, allLoaded)).toEqual(expected);
  });

  it('shows no note before the first page of activity has come, unless there is no activity at all', () => {
    expect(keys([], [note(1, '2026-03-04T10:00:00Z')], false)).toEqual([]);
    expect(keys([], [note(1, '2026-03-04T10:00:00Z')], true)).toEqual(['note-1']);
  });
});
