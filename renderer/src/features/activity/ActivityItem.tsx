/**
 * One row of the activity feed: its kind and direction, the other party (contact or number), the tracked number,
 * when, and what the kind has to say — a call's outcome and length, a message's text, a voicemail's transcription,
 * a fax's pages and status — with the recording to play where there is one. A call from a tracked source says
 * it (and the visit's keyword); its full attribution — campaign, medium, landing page and the
 * pages the visitor viewed before calling — opens under it (call tracking, tracking/CallAttribution.tsx).
 */
import { Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ActivityRow } from '@shared/api/activity';
import type { CallOutcome } from '@shared/domain/calls';
import { formatPhone } from '@shared/domain/phone';
import { useState } from 'react';
import { sourceLine } from '../tracking/attribution';
import { CallAttributionPanel } from '../tracking/CallAttribution';
import { useCall } from './activityApi';
import {
  capitalise,
  directionLabel,
  formatDuration,
  formatWhen,
  kindLabel,
  numberName,
  partyName,
  recordingLabel,
} from './format';
import { Recording } from './Recording';

/** Badge colours by outcome (only colours the theme has made legible on light badges). */
const OUTCOME_COLORS: Record<CallOutcome, string> = {
  0: 'gray',
  1: 'green',
  2: 'red',
  3: 'yellow',
  4: 'gray',
};

export function ActivityItem({
  row,
  tz,
  compact = false,
  onActiveChange,
  onVoicemailLinkExpired,
}: {
  row: ActivityRow;
  tz: string;
  /** The compact density: tighter lines, a message's text on one line. */
  compact?: boolean;
  /** Playing or reading a transcript: the feed keeps the row mounted. */
  onActiveChange: (active: boolean) => void;
  /** A voicemail's link ran out: there is no one-voicemail call, so the feed refreshes its pages. */
  onVoicemailLinkExpired: () => void;
}) {
  const party = partyName(row);
  return (
    <Stack gap={compact ? 0 : 4}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Badge variant="light" color="blue" size="sm">
            {kindLabel(row.type)}
          </Badge>
          <Text size="sm" c="dimmed">
            {directionLabel(row.isInbound)}
          </Text>
          <Text fw={600} truncate>
            {party}
          </Text>
          {row.contact && (
            <Text size="sm" c="dimmed">
              {formatPhone(row.remote)}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={row.at}>{formatWhen(row.at, tz)}</time>
        </Text>
      </Group>

      <Group gap="xs" wrap="wrap">
        {row.number && (
          <Text size="sm">
            {row.isInbound ? 'To' : 'From'} {numberName(row.number)}
          </Text>
        )}
        {row.type === 'call' && row.outcome !== null && (
          <Badge variant="light" size="sm" color={OUTCOME_COLORS[row.outcome as CallOutcome] ?? 'gray'}>
            {row.outcome_label}
          </Badge>
        )}
        {(row.type === 'call' || row.type === 'voicemail') && !!row.duration && (
          <Text size="sm" c="dimmed">
            <VisuallyHidden>Duration </VisuallyHidden>
            {formatDuration(row.duration)}
          </Text>
        )}
        {row.type === 'call' && sourceLine(row) && (
          <Text size="sm" c="dimmed">
            Source: {sourceLine(row)}
          </Text>
        )}
        {row.type === 'fax' && (
          <Text size="sm" c="dimmed">
            {row.pages ?? 0} {row.pages === 1 ? 'page' : 'pages'}
            {row.text ? ` · ${capitalise(row.text)}` : ''}
          </Text>
        )}
      </Group>

      {(row.type === 'message' || row.type === 'voicemail') && row.text && (
        <Text size="sm" lineClamp={compact ? 1 : 3}>
          {row.text}
        </Text>
      )}

      {row.type === 'call' && row.tracked && <CallOrigin row={row} tz={tz} onActiveChange={onActiveChange} />}

      {row.recording_url &&
        (row.type === 'call' ? (
          <CallPlayback row={row} onActiveChange={onActiveChange} />
        ) : (
          <Recording
            src={row.recording_url}
            label={recordingLabel(row)}
            duration={row.duration}
            onExpired={onVoicemailLinkExpired}
            onActiveChange={onActiveChange}
          />
        ))}
    </Stack>
  );
}

/**
 * A call's recording. Its transcription is not in the feed: the call is fetched when the transcript is first
 * opened, and again when the feed's link has run out (its answer carries a fresh one).
 */
function CallPlayback({
  row,
  onActiveChange,
}: {
  row: ActivityRow;
  onActiveChange: (active: boolean) => void;
}) {
  const [wanted, setWanted] = useState(false);
  const call = useCall(row.id, wanted);
  return (
    <Recording
      src={call.data?.recording_url ?? row.recording_url}
      label={recordingLabel(row)}
      duration={row.duration}
      onExpired={() => (wanted ? void call.refetch() : setWanted(true))}
      transcription={call.data?.transcription}
      onTranscriptRequest={() => setWanted(true)}
      transcriptPending={wanted && call.isPending}
      transcriptError={call.error}
      onActiveChange={onActiveChange}
    />
  );
}

/**
 * Where a tracked call came from, opened on demand: the call is fetched (its attribution is not in the feed rows)
 * and the row stays mounted while it is open, as it does while a recording plays.
 */
function CallOrigin({
  row,
  tz,
  onActiveChange,
}: {
  row: ActivityRow;
  tz: string;
  onActiveChange: (active: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const call = useCall(row.id, open);
  const toggle = () => {
    setOpen(!open);
    onActiveChange(!open);
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-xs"
        variant="subtle"
        // Named by its text in the row (the article says whose call it is); its state by aria-expanded.
        aria-expanded={open}
        onClick={toggle}
      >
        Where the call came from
      </Button>
      {open &&
        (call.data ? (
          <CallAttributionPanel call={call.data} tz={tz} />
        ) : call.error ? (
          <Text size="sm" c="red" role="alert">
            {call.error.message}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" role="status">
            Loading where the call came from…
          </Text>
        ))}
    </Stack>
  );
}
