/**
 * A thread's view of a record of the activity model — a call, a voicemail, a fax, a tracking match: a compact
 * line saying what it was and when, and for a call or voicemail with a recording, the player (the activity feed's,
 * so both screens play and transcribe alike), with the record's length beside it until the player has read it. A call's transcript is fetched when first asked for; an expired
 * link is renewed by refetching the thread's items, which carry fresh ones.
 */
import { Badge, Box, Group, Text } from '@mantine/core';
import type { ConversationItem } from '@shared/api/conversations';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTimeZone } from '../../app/timeZone';
import { Recording } from '../activity';
import { useCall } from '../activity/activityApi';
import { fullTime, kindLabel } from './format';
import { inboxKeys } from './inboxCache';

export function RecordItem({ item, who }: { item: ConversationItem; who: string }) {
  const { type, record_id: recordId, recording_url: recordingUrl } = item.details;
  const tz = useTimeZone();
  return (
    <Box data-record-id={recordId ?? undefined}>
      <Group gap="xs" justify="center">
        <Badge variant="light" size="sm">
          {kindLabel(type)}
        </Badge>
        <Text size="xs" c="dimmed">
          {item.isInbound ? 'Incoming' : 'Outgoing'} · {fullTime(item.createdAt, tz)}
          {item.details.content ? ` · ${item.details.content}` : ''}
        </Text>
      </Group>
      {recordingUrl && recordId !== null && (
        <Box maw={420} mx="auto" mt={4}>
          {type === 'call' ? (
            <CallRecording item={item} callId={recordId} src={recordingUrl} who={who} />
          ) : (
            <RenewableRecording item={item} src={recordingUrl} label={`Voicemail from ${who}`} />
          )}
        </Box>
      )}
    </Box>
  );
}

/** A voicemail: the player alone (its transcription, when there is one, is the item's text). */
function RenewableRecording({ item, src, label }: { item: ConversationItem; src: string; label: string }) {
  const client = useQueryClient();
  return (
    <Recording
      src={src}
      label={label}
      duration={item.details.duration}
      onExpired={() => void client.invalidateQueries({ queryKey: inboxKeys.items(item.conversation_id) })}
    />
  );
}

function CallRecording({
  item,
  callId,
  src,
  who,
}: {
  item: ConversationItem;
  callId: number;
  src: string;
  who: string;
}) {
  const client = useQueryClient();
  const [wanted, setWanted] = useState(false);
  const call = useCall(callId, wanted);
  return (
    <Recording
      src={call.data?.recording_url ?? src}
      label={`Recording of call ${item.isInbound ? 'from' : 'to'} ${who}`}
      duration={item.details.duration}
      onExpired={() =>
        wanted
          ? void call.refetch()
          : void client.invalidateQueries({ queryKey: inboxKeys.items(item.conversation_id) })
      }
      transcription={call.data?.transcription}
      onTranscriptRequest={() => setWanted(true)}
      transcriptPending={wanted && call.isPending}
      transcriptError={call.error}
    />
  );
}
