/**
 * Greetings (§7 Greetings; §3 Greeting "id, content, voice, uploaded file"): the audio the company's numbers play —
 * each with what it says (its text and voice, or its file), a player on its short-lived signed link, whether calls
 * can play it, and when it was added. "New greeting" makes one from text spoken by a voice (with a preview), an
 * uploaded file or a recording; a greeting can be changed, and deleted after a confirmation, with §8's messages.
 * Everyone who sees numbers may listen; changing greetings needs numbers.manage, and the others are told who can.
 */
import { Button, Group, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import type { Greeting, TtsVoiceInfo } from '@shared/api/greetings';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { roleCan } from '@shared/domain/permissions';
import { createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import { apiBaseUrl } from '../../api';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { ConfirmDeleteModal } from '../../ui/ConfirmModal';
import { DataTable } from '../../ui/DataTable';
import { formatWhen } from '../../ui/dateTime';
import { actionsColumn, RowActions } from '../../ui/RowActions';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { absoluteMediaUrl, linkExpired } from '../activity/media';
import { NumbersAreaTabs } from '../numbers/NumbersAreaTabs';
import { RowsSkeleton } from '../schedule/Skeletons';
import { whoMay } from '../schedule/whoMay';
import { GreetingDialog } from './GreetingDialog';
import { greetingSummary, searchGreetings } from './greetingModel';
import { useDeleteGreeting, useGreetingList, useGreetingVoices } from './greetingsApi';

const NO_GREETINGS: Greeting[] = [];
const NO_VOICES: TtsVoiceInfo[] = [];
const column = createColumnHelper<Greeting>();

export function GreetingsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const canManage = roleCan(company?.role, 'numbers.manage');
  const timeZone = useTimeZone();
  const greetings = useGreetingList(canView ? companyId : 0);
  const voices = useGreetingVoices(canView);
  const remove = useDeleteGreeting();
  const [editing, setEditing] = useState<Greeting | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Greeting | null>(null);
  const [search, setSearch] = useState('');
  const voiceList = voices.data?.data ?? NO_VOICES;

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Name',
        cell: (info) => (
          <Text size="sm" fw={500}>
            {info.getValue() || 'Untitled'}
          </Text>
        ),
      }),
      column.display({
        id: 'plays',
        header: 'What it plays',
        cell: (info) => (
          <Text size="sm" lineClamp={2} maw={360} title={greetingSummary(info.row.original, voiceList)}>
            {greetingSummary(info.row.original, voiceList)}
          </Text>
        ),
      }),
      column.display({
        id: 'listen',
        header: 'Listen',
        cell: (info) => (
          <GreetingPlayer greeting={info.row.original} onExpired={() => void greetings.refetch()} />
        ),
      }),
      column.accessor('playable_on_calls', {
        header: 'Calls',
        cell: (info) =>
          info.getValue() ? (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              Plays on calls
            </Text>
          ) : (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              App only
              <VisuallyHidden>: calls play WAV and MP3 audio</VisuallyHidden>
            </Text>
          ),
      }),
      column.accessor('created_at', {
        header: 'Added',
        cell: (info) => <Text size="sm">{formatWhen(info.getValue(), timeZone)}</Text>,
      }),
      ...actionsColumn<Greeting>(
        (greeting) => (
          <RowActions
            name={greeting.name || 'greeting'}
            editLabel="Edit"
            onEdit={() => setEditing(greeting)}
            onDelete={() => setDeleting(greeting)}
          />
        ),
        { shown: canManage },
      ),
    ],
    [voiceList, timeZone, canManage, greetings.refetch],
  );

  const all = greetings.data?.data ?? NO_GREETINGS;
  const rows = useMemo(() => searchGreetings(all, search, voiceList), [all, search, voiceList]);

  let body: ReactNode;
  if (!company) body = <EmptyState title="You are not in a company yet" />;
  else if (!canView)
    body = <ErrorState title="Not allowed" error="Your role in this company cannot see its greetings." />;
  else if (greetings.isPending) body = <RowsSkeleton label="Loading greetings" />;
  else if (greetings.error && !greetings.data)
    body = <QueryErrorState title="Could not load the greetings" query={greetings} />;
  else
    body = (
      <>
        {all.length > 0 && (
          <TextInput
            type="search"
            label="Search greetings"
            placeholder="Name, text or voice"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={280}
          />
        )}
        <DataTable
          label="Greetings"
          data={rows}
          columns={columns}
          busy={greetings.isFetching && !greetings.isPending}
          empty={
            search.trim() && all.length ? (
              <EmptyState title="No greeting matches">Try another name or text.</EmptyState>
            ) : (
              <EmptyState title="No greetings yet">
                {canManage
                  ? 'A greeting is what callers hear when a number answers: type text to be spoken, upload a file or record one.'
                  : `Only ${whoMay('numbers.manage')} can add greetings.`}
              </EmptyState>
            )
          }
          scrollContainer={{ minWidth: 760 }}
        />
      </>
    );

  return (
    <Stack>
      <NumbersAreaTabs />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Greetings
          </Title>
          <Text c="dimmed">What callers hear when a number answers, plays a menu or takes a voicemail.</Text>
        </Stack>
        {canManage && <Button onClick={() => setEditing('new')}>New greeting</Button>}
      </Group>
      {company && canView && !canManage && (
        <Text size="sm" c="dimmed" role="note">
          You can listen to the greetings; only {whoMay('numbers.manage')} can add, change or delete them.
        </Text>
      )}
      {body}
      {editing && canManage && (
        <GreetingDialog
          key={editing === 'new' ? 'new' : editing.id}
          companyId={companyId}
          greeting={editing === 'new' ? null : editing}
          voices={voices.data}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        target={deleting}
        title="Delete greeting"
        remove={remove}
        deleted={() => SUCCESS_MESSAGES.greetingDeleted}
        onClose={() => setDeleting(null)}
      >
        {(greeting) =>
          `Delete “${greeting.name || 'this greeting'}” and its audio? Numbers that play it will play their own text instead, or nothing. This cannot be undone.`
        }
      </ConfirmDeleteModal>
    </Stack>
  );
}

/** A greeting's audio on its signed link; a link that ran out asks the list again for fresh ones. */
function GreetingPlayer({ greeting, onExpired }: { greeting: Greeting; onExpired: () => void }) {
  const [failed, setFailed] = useState(false);
  if (!greeting.audio_url)
    return (
      <Text size="sm" c="dimmed">
        No audio
      </Text>
    );
  const src = absoluteMediaUrl(greeting.audio_url, apiBaseUrl(), window.location.href);
  return (
    <Stack gap={2}>
      {/* biome-ignore lint/a11y/useMediaCaption: a greeting's words are in the “What it plays” column beside it. */}
      <audio
        controls
        preload="none"
        src={src}
        aria-label={`Play ${greeting.name || 'greeting'}`}
        onError={() => (linkExpired(src, Date.now()) ? onExpired() : setFailed(true))}
        style={{ height: 32, width: 220 }}
      />
      {failed && (
        <Text size="xs" c="red.8" role="status">
          The audio could not be played.
        </Text>
      )}
    </Stack>
  );
}
