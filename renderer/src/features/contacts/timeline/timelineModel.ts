/**
 * The contact page's timeline: the person's calls, texts and voicemails (the activity feed, a page at a time) and
 * the notes on them (all of them, with the contact) in one list, newest first.
 */
import type { ActivityRow } from '@shared/api/activity';
import type { Note } from '@shared/api/contacts';

export type TimelineEntry =
  | { kind: 'activity'; key: string; at: string; row: ActivityRow }
  | { kind: 'note'; key: string; at: string; note: Note };

/** The activity kinds a person's timeline shows (a fax is not a conversation with them). */
export const TIMELINE_KINDS = {
  checkCalls: true,
  checkVoicemails: true,
  checkMessages: true,
  checkFaxes: false,
} as const;

/**
 * Newest first. While older activity is still to load, a note older than the oldest activity loaded waits for it:
 * shown now, it would sit above activity that comes before it once the next page arrives.
 */
export function timelineEntries(
  activity: readonly ActivityRow[],
  notes: readonly Note[],
  allActivityLoaded: boolean,
): TimelineEntry[] {
  const oldestLoaded = activity.length ? Math.min(...activity.map((row) => Date.parse(row.at))) : null;
  const shownNotes = notes
    .filter(
      (note) => allActivityLoaded || (oldestLoaded !== null && Date.parse(note.created_at) >= oldestLoaded),
    )
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const entries: TimelineEntry[] = [
    ...activity.map((row) => ({ kind: 'activity' as const, key: `${row.type}-${row.id}`, at: row.at, row })),
    ...shownNotes.map((note) => ({
      kind: 'note' as const,
      key: `note-${note.id}`,
      at: note.created_at,
      note,
    })),
  ];
  // A stable sort: entries of the same moment keep the feed's order, then the notes'.
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
