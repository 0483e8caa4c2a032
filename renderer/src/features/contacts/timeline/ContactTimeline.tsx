/**
 * The person's timeline on the contact page: their calls, texts and voicemails (the activity feed's rows, with
 * its players) and the notes on them, newest first, older activity loading as the list is scrolled to its end
 * (or with the button there). Notes are added at the top and edited or deleted in place.
 */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import type { ContactDetail } from '@shared/api/contacts';
import { mayChangeNote, roleCan } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/users';
import { useEffect, useId } from 'react';
import { useTimeZone } from '../../../app/timeZone';
import { failureSummary } from '../../../ui/formErrors';
import { ErrorAlert, LoadingState } from '../../../ui/States';
import { ActivityItem } from '../../activity/ActivityItem';
import { AddNoteForm, NoteCard, NoteRemovalError, useOpenNote } from '../ContactNotes';
import { useNoteMutations } from '../contactsApi';
import { useContactActivity } from './timelineApi';
import { timelineEntries } from './timelineModel';

const ignore = () => {};

export function ContactTimeline({
  contact,
  companyId,
  userId,
  role,
}: {
  contact: ContactDetail;
  companyId: number;
  userId: number;
  /** The viewer's role: activity.view shows the calls and texts, contacts.manage adds and changes notes. */
  role: Role | null | undefined;
}) {
  const headingId = useId();
  const tz = useTimeZone();
  const seesActivity = roleCan(role, 'activity.view');
  const canWrite = roleCan(role, 'contacts.manage');
  const activity = useContactActivity(companyId, contact.id, tz, seesActivity);
  const mutations = useNoteMutations(contact.id);
  const open = useOpenNote();
  const { ref: endRef, entry: end } = useIntersection<HTMLButtonElement>({ rootMargin: '200px' });

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = activity;
  const endInView = end?.isIntersecting ?? false;
  useEffect(() => {
    if (endInView && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [endInView, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const rows = activity.data?.pages.flatMap((page) => page.data) ?? [];
  const allLoaded = !seesActivity || (activity.isSuccess && !hasNextPage);
  const entries = timelineEntries(rows, contact.note_records, allLoaded);

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Timeline
      </Title>
      {canWrite && <AddNoteForm add={mutations.add} />}
      {entries.length > 0 && (
        <Stack
          gap="xs"
          component="ol"
          aria-label={`Calls, texts and notes with ${contact.name}`}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {entries.map((entry) =>
            entry.kind === 'note' ? (
              <NoteCard
                key={entry.key}
                note={entry.note}
                mutations={mutations}
                open={open}
                mayChange={
                  canWrite && mayChangeNote({ authorId: entry.note.user?.id ?? null }, { userId, role })
                }
              />
            ) : (
              <Paper component="li" key={entry.key} withBorder p="sm">
                <ActivityItem
                  row={entry.row}
                  tz={tz}
                  compact
                  onActiveChange={ignore}
                  onVoicemailLinkExpired={() => void activity.refetch()}
                />
              </Paper>
            ),
          )}
        </Stack>
      )}
      {seesActivity && activity.isPending && <LoadingState label="Loading the timeline" />}
      <ErrorAlert
        message={
          activity.error && `The calls and texts could not be loaded: ${failureSummary(activity.error)}`
        }
      />
      {allLoaded && entries.length === 0 && (
        <Text c="dimmed" size="sm">
          No calls, texts or notes with {contact.name} yet.
        </Text>
      )}
      {hasNextPage && (
        <Button
          ref={endRef}
          variant="subtle"
          size="xs"
          loading={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          Load older activity
        </Button>
      )}
      <NoteRemovalError remove={mutations.remove} />
    </Stack>
  );
}
