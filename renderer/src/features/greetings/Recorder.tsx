/**
 * Recording a greeting from the microphone: Start asks for the microphone, a level meter and a timer show it is
 * listening, Stop (or the two-minute limit) ends it, and the recording can be listened back before it is saved
 * or recorded again. MediaRecorder makes Opus in WebM or Ogg, which the server takes (it plays in the app; calls
 * play WAV and MP3 only, which the list says).
 */
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { formatElapsed, levelOf, RECORDING_MAX_MS, recordingType } from './greetingModel';

type Phase = 'idle' | 'starting' | 'recording';

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  context: AudioContext | null;
  frame: number;
  timer: ReturnType<typeof setInterval>;
}

/** Lets the microphone go: the meter and the timer stop, the tracks end, the analyser closes. */
function releaseSession(session: RefObject<Session | null>): void {
  const current = session.current;
  if (!current) return;
  session.current = null;
  cancelAnimationFrame(current.frame);
  clearInterval(current.timer);
  for (const track of current.stream.getTracks()) track.stop();
  void current.context?.close().catch(() => undefined);
}

/** Why the microphone could not be used, in words a person can act on. */
export function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The microphone is not allowed. Allow it in the browser’s or the system’s settings, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No microphone was found. Connect one, then try again.';
  if (name === 'NotReadableError')
    return 'The microphone is in use by another program. Close it, then try again.';
  return 'The microphone could not be started.';
}

export function Recorder({
  recording,
  onRecorded,
  error,
}: {
  recording: Blob | null;
  onRecorded: (recording: Blob | null) => void;
  /** What the form says about the recording (none yet). */
  error?: string | undefined;
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const session = useRef<Session | null>(null);
  const supported = typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices;

  // The recording as a link to listen back to, released when it changes or the dialog closes.
  useEffect(() => {
    if (!recording) {
      setUrl(null);
      return;
    }
    const link = URL.createObjectURL(recording);
    setUrl(link);
    return () => URL.revokeObjectURL(link);
  }, [recording]);

  const release = () => releaseSession(session);

  // Closing the dialog mid-recording lets the microphone go.
  useEffect(
    () => () => {
      const current = session.current;
      if (current && current.recorder.state !== 'inactive') {
        current.recorder.ondataavailable = null;
        current.recorder.onstop = null;
        current.recorder.stop();
      }
      releaseSession(session);
    },
    [],
  );

  const stop = () => {
    const current = session.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
  };

  const start = async () => {
    setProblem(null);
    setPhase('starting');
    onRecorded(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (caught) {
      setProblem(microphoneProblem(caught));
      setPhase('idle');
      return;
    }
    const mimeType = recordingType((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size) chunks.push(event.data);
    };
    recorder.onstop = () => {
      release();
      setPhase('idle');
      setLevel(0);
      const made = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
      if (made.size) onRecorded(made);
      else setProblem('Nothing was recorded. Check the microphone, then try again.');
    };

    // The level meter: an analyser on the same stream, read once a frame.
    let context: AudioContext | null = null;
    let analyser: AnalyserNode | null = null;
    try {
      context = new AudioContext();
      analyser = context.createAnalyser();
      analyser.fftSize = 512;
      context.createMediaStreamSource(stream).connect(analyser);
    } catch {
      context = null;
      analyser = null;
    }
    const samples = new Uint8Array(analyser?.fftSize ?? 0);
    const began = Date.now();
    const current: Session = {
      stream,
      recorder,
      context,
      frame: 0,
      timer: setInterval(() => {
        const now = Date.now() - began;
        setElapsed(now);
        if (now >= RECORDING_MAX_MS) stop();
      }, 250),
    };
    const measure = () => {
      if (session.current !== current) return;
      if (analyser) {
        analyser.getByteTimeDomainData(samples);
        setLevel(levelOf(samples));
      }
      current.frame = requestAnimationFrame(measure);
    };
    session.current = current;
    setElapsed(0);
    recorder.start(250);
    setPhase('recording');
    current.frame = requestAnimationFrame(measure);
  };

  if (!supported)
    return (
      <Alert color="yellow" role="alert">
        This browser cannot record audio. Upload a file instead.
      </Alert>
    );

  const recordingNow = phase === 'recording';
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {recordingNow ? (
          <Button color="red" onClick={stop}>
            Stop recording
          </Button>
        ) : (
          <Button
            onClick={() => void start()}
            loading={phase === 'starting'}
            variant={recording ? 'default' : 'filled'}
          >
            {recording ? 'Record again' : 'Start recording'}
          </Button>
        )}
        <Text size="sm" aria-live="off" role="timer" aria-label="Recording length">
          {formatElapsed(elapsed)} / {formatElapsed(RECORDING_MAX_MS)}
        </Text>
      </Group>
      {recordingNow && (
        <>
          <Text size="sm" role="status">
            Recording… speak now.
          </Text>
          <Progress
            value={level}
            aria-label="Microphone level"
            size="lg"
            color={level > 85 ? 'red' : 'teal'}
          />
        </>
      )}
      {url && !recordingNow && (
        <Stack gap={4}>
          <Text size="sm">Listen back before you save:</Text>
          {/* biome-ignore lint/a11y/useMediaCaption: a greeting being recorded has no captions yet; its text is the person's own. */}
          <audio controls src={url} aria-label="Your recording" style={{ width: '100%' }} />
        </Stack>
      )}
      {(problem || (error && !recording && !recordingNow)) && (
        <Text size="sm" c="red.8" role="alert">
          {problem ?? error}
        </Text>
      )}
    </Stack>
  );
}
