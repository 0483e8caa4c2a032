/**
 * Recording a greeting from the microphone, with fakes of the browser's getUserMedia and MediaRecorder: start,
 * stop, the recording handed over (Opus in WebM, what the server takes), the microphone released; a refused
 * microphone said in words; a browser that cannot record told to upload instead.
 */
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reactRoots } from '../../testing/reactRoots';
import { microphoneProblem, Recorder } from './Recorder';

const newRoot = reactRoots();

class FakeRecorder {
  static made: FakeRecorder[] = [];
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? '';
    FakeRecorder.made.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['opus bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

function fakeMicrophone(getUserMedia: () => Promise<unknown>) {
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeRecorder.made = [];
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function render(onRecorded: (blob: Blob | null) => void): HTMLElement {
  const { host, root } = newRoot();
  act(() =>
    root.render(
      <MantineProvider>
        <Recorder recording={null} onRecorded={onRecorded} />
      </MantineProvider>,
    ),
  );
  return host;
}

const button = (host: HTMLElement, name: string) =>
  [...host.querySelectorAll('button')].find((candidate) => candidate.textContent === name);

describe('the recorder', () => {
  it('starts on the microphone, stops, hands over the recording as WebM and lets the microphone go', async () => {
    const stopTrack = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] }));
    fakeMicrophone(getUserMedia);
    const onRecorded = vi.fn();
    const host = render(onRecorded);

    await act(async () => button(host, 'Start recording')?.click());
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeRecorder.made[0]?.mimeType).toBe('audio/webm;codecs=opus');
    expect(host.querySelector('[role="progressbar"][aria-label="Microphone level"]')).not.toBeNull();
    expect(host.textContent).toContain('Recording… speak now.');

    await act(async () => button(host, 'Stop recording')?.click());
    const recording = onRecorded.mock.calls.at(-1)?.[0] as Blob;
    expect(recording).toBeInstanceOf(Blob);
    expect(recording.type).toBe('audio/webm;codecs=opus');
    expect(recording.size).toBeGreaterThan(0);
    expect(stopTrack).toHaveBeenCalled();
    expect(button(host, 'Stop recording')).toBeUndefined();
  });

  it('says why when the microphone is refused', async () => {
    fakeMicrophone(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const onRecorded = vi.fn();
    const host = render(onRecorded);
    await act(async () => button(host, 'Start recording')?.click());
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      'The microphone is not allowed. Allow it in the browser’s or the system’s settings, then try again.',
    );
    expect(FakeRecorder.made).toHaveLength(0);
  });

  it('a browser that cannot record is told to upload instead', () => {
    vi.stubGlobal('MediaRecorder', undefined);
    Reflect.deleteProperty(window, 'MediaRecorder');
    const host = render(vi.fn());
    expect(host.textContent).toContain('This browser cannot record audio. Upload a file instead.');
  });

  it.each([
    ['NotFoundError', 'No microphone was found. Connect one, then try again.'],
    ['NotReadableError', 'The microphone is in use by another program. Close it, then try again.'],
    ['AbortError', 'The microphone could not be started.'],
  ])('%s is said as “%s”', (name, words) => {
    expect(microphoneProblem(new DOMException('x', name))).toBe(words);
  });
});
