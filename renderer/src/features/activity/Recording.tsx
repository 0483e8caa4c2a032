/**
 * A call's or voicemail's recording, for any screen that shows one (the activity feed; the inbox thread later):
 * the browser's own audio player on the short-lived signed link — made absolute for the desktop app and renewed
 * when it has run out — and the call's transcription (§3) in a panel that opens on demand, speaker by speaker,
 * with each side's share of the talking. The player loads the file's metadata up front, so it shows the length
 * rather than 0:00; until it knows it, the length the record gives stands beside it.
 */
import { Alert, Button, Collapse, Group, Loader, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Call } from '@shared/api/activity';
import { SPEAKERS, type Speaker, TRANSCRIPTION_STATES } from '@shared/domain/calls';
import { labelOf } from '@shared/domain/codes';
import { useEffect, useId, useRef, useState } from 'react';
import { apiBaseUrl } from '../../api';
import { formatDuration } from './format';
import { absoluteMediaUrl, linkExpired } from './media';

/** §3 transcription of a call. */
export type Transcription = NonNullable<Call['transcription']>;

export interface RecordingProps {
  /** The signed link the server gave; null when there is no recording. */
  src: string | null;
  /** The player's accessible name, e.g. "Recording of call with Ann Lee". */
  label: string;
  /** The length in seconds the record gives (a call's or voicemail's `duration`), shown until the player knows. */
  duration?: number | null;
  /** The link has run out: fetch a fresh one and pass it as `src` (playback resumes with it). */
  onExpired?: () => void;
  /** The transcription when the caller has it (null: there is none). */
  transcription?: Transcription | null;
  /** For recordings whose transcription is loaded only when asked for: called when the panel first opens. */
  onTranscriptRequest?: () => void;
  transcriptPending?: boolean;
  transcriptError?: unknown;
  /** Playing, or the transcript open: a virtual list keeps such a row mounted while it scrolls away. */
  onActiveChange?: (active: boolean) => void;
}

export function Recording({
  src,
  label,
  duration,
  onExpired,
  transcription,
  onTranscriptRequest,
  transcriptPending = false,
  transcriptError,
  onActiveChange,
}: RecordingProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<'renewing' | 'failed' | null>(null);
  /** The player has read the file's length (its own display shows it from then on). */
  const [lengthKnown, setLengthKnown] = useState(false);
  /** The person pressed play: a link renewed meanwhile plays on; one renewed while merely loading does not. */
  const wantsPlayback = useRef(false);
  const resumeWithNewLink = useRef(false);
  /** A renewal is under way: a new link that fails as well is not renewed again (no endless renewals). */
  const renewing = useRef(false);
  const panelId = useId();
  const url = src ? absoluteMediaUrl(src, apiBaseUrl(), window.location.href) : null;

  // A fresh link after an expired one: load it and play on, as the person had asked.
  useEffect(() => {
    const element = audio.current;
    if (!url || !element || !resumeWithNewLink.current) return;
    resumeWithNewLink.current = false;
    setProblem(null);
    element.load();
    element.play().catch(() => setProblem('failed'));
  }, [url]);

  const onPlaybackChange = (playingNow: boolean) => {
    wantsPlayback.current = playingNow;
    setPlaying(playingNow);
  };
  const onLoadedMetadata = () => {
    renewing.current = false;
    setLengthKnown(Number.isFinite(audio.current?.duration));
  };

  const active = playing || open;
  const reportActive = useRef(onActiveChange);
  reportActive.current = onActiveChange;
  useEffect(() => {
    reportActive.current?.(active);
  }, [active]);
  useEffect(() => () => reportActive.current?.(false), []);

  // With the metadata loaded up front, an expired link fails before anyone presses play: it is renewed then too,
  // quietly, so the player is ready; only a renewal the person is waiting for says so and plays on.
  const onError = () => {
    if (src && onExpired && !renewing.current && linkExpired(src, Date.now())) {
      renewing.current = true;
      resumeWithNewLink.current = wantsPlayback.current;
      setProblem(wantsPlayback.current ? 'renewing' : null);
      onExpired();
    } else setProblem('failed');
  };

  // Offered when there is one, or when it is loaded on demand (then the panel may say there is none).
  const offersTranscript = !!transcription || !!onTranscriptRequest;
  const toggle = () => {
    if (!open) onTranscriptRequest?.();
    setOpen(!open);
  };

  return (
    <Stack gap={4}>
      {url && (
        <Group gap="xs" wrap="nowrap">
          {/* biome-ignore lint/a11y/useMediaCaption: call recordings have no captions; the transcript is beside them. */}
          <audio
            ref={audio}
            controls
            preload="metadata"
            src={url}
            aria-label={label}
            onPlay={() => onPlaybackChange(true)}
            onPause={() => onPlaybackChange(false)}
            onEnded={() => onPlaybackChange(false)}
            onLoadedMetadata={onLoadedMetadata}
            onError={onError}
            style={{ height: 36, maxWidth: '100%' }}
          />
          {!!duration && !lengthKnown && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              <VisuallyHidden>Length </VisuallyHidden>
              {formatDuration(duration)}
            </Text>
          )}
          {problem && (
            <Text size="xs" c={problem === 'failed' ? 'red.8' : 'dimmed'} role="status">
              {problem === 'renewing' ? 'Renewing the link…' : 'The recording could not be played.'}
            </Text>
          )}
        </Group>
      )}
      {offersTranscript && (
        <>
          <Group>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={toggle}
            >
              {open ? 'Hide transcript' : 'Show transcript'}
            </Button>
          </Group>
          <Collapse expanded={open} id={panelId}>
            {transcriptPending ? (
              <Group gap="xs">
                <Loader size="xs" aria-label="Loading the transcript" />
              </Group>
            ) : transcriptError ? (
              <Alert color="red" role="alert" p="xs">
                The transcript could not be loaded:{' '}
                {transcriptError instanceof Error ? transcriptError.message : String(transcriptError)}
              </Alert>
            ) : transcription ? (
              <Transcript transcription={transcription} />
            ) : (
              <Text size="sm" c="dimmed">
                This call has no transcript.
              </Text>
            )}
          </Collapse>
        </>
      )}
    </Stack>
  );
}

/** §3 transcription: still being made, or the speakers' segments in order with their share of the talking. */
export function Transcript({ transcription }: { transcription: Transcription }) {
  if (transcription.state === 'loading')
    return (
      <Text size="sm" c="dimmed">
        {labelOf(TRANSCRIPTION_STATES, 'loading')} The transcript shows here when it is ready.
      </Text>
    );
  const { agent, client } = transcription.statistics;
  return (
    <Stack gap="xs" py={4}>
      <Stack gap={2}>
        <Text size="xs">
          Talk time: {labelOf(SPEAKERS, 1)} {Math.round(agent)}% · {labelOf(SPEAKERS, 2)} {Math.round(client)}
          %
        </Text>
        {/* The words above say the same; the bar is a picture of them. */}
        <Progress.Root size="sm" aria-hidden maw={320}>
          <Progress.Section value={agent} color="blue" withAria={false} />
          <Progress.Section value={client} color="teal" withAria={false} />
        </Progress.Root>
      </Stack>
      {transcription.raw.length ? (
        <Stack
          component="ol"
          gap={4}
          aria-label="Transcript"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {transcription.raw.map((segment) => (
            <Text component="li" size="sm" key={`${segment.start}-${segment.channel}`}>
              <Text span fw={600}>
                {labelOf(SPEAKERS, segment.speaker as Speaker, 'Speaker')}
              </Text>{' '}
              <Text span size="xs" c="dimmed">
                {formatDuration(segment.start)}
              </Text>{' '}
              {segment.transcript}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm">{transcription.text}</Text>
      )}
    </Stack>
  );
}
