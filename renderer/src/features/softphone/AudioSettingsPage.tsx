/**
 * Audio settings of this computer (kept by the platform, so the desktop remembers them per machine): the
 * microphone, the speaker calls play on, and the ringtone output (e.g. the laptop speaker while calls use the
 * headset); a test tone on each output, a live microphone level, and a pre-shift check that runs all three and
 * says clearly what works.
 */
import { Alert, Button, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import type { AudioPreferences } from '@shared/ipc';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { platform } from '../../platform';
import { ErrorAlert } from '../../ui/States';
import {
  type AudioDevices,
  canChooseOutput,
  listDevices,
  type Microphone,
  openMicrophone,
  playTone,
} from '../../voice/audio';
import { audioDevicesChangedAtom } from './SoftphoneProvider';

const DEFAULT = '';
const NONE: AudioPreferences = { inputDeviceId: null, outputDeviceId: null, ringtoneDeviceId: null };

type Check = { name: string; ok: boolean; detail: string };

function options(devices: MediaDeviceInfo[], kind: string) {
  return [
    { value: DEFAULT, label: `System default ${kind}` },
    ...devices
      .filter((device) => device.deviceId && device.deviceId !== 'default')
      .map((device, index) => ({ value: device.deviceId, label: device.label || `${kind} ${index + 1}` })),
  ];
}

/** Listens for `ms` and answers the loudest level heard (0–1). */
async function loudest(microphone: Microphone, ms: number): Promise<number> {
  let peak = 0;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    peak = Math.max(peak, microphone.level());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return peak;
}

export function AudioSettingsPage() {
  const devicesChanged = useSetAtom(audioDevicesChangedAtom);
  const [devices, setDevices] = useState<AudioDevices>({ inputs: [], outputs: [] });
  const [chosen, setChosen] = useState<AudioPreferences>(NONE);
  const [level, setLevel] = useState(0);
  const [micError, setMicError] = useState<string | null>(null);
  const [checks, setChecks] = useState<Check[] | null>(null);
  const [checking, setChecking] = useState(false);
  const microphone = useRef<Microphone | null>(null);

  useEffect(() => {
    void platform().audio.get().then(setChosen);
  }, []);

  // The live meter listens to the chosen microphone while the page is open.
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    openMicrophone(chosen.inputDeviceId)
      .then(async (opened) => {
        if (cancelled) return opened.stop();
        microphone.current = opened;
        setMicError(null);
        // Labels are only given once the microphone is allowed.
        setDevices(await listDevices());
        timer = setInterval(() => setLevel(opened.level()), 150);
      })
      .catch((error: unknown) => {
        setMicError(
          error instanceof Error && error.name === 'NotAllowedError'
            ? 'The microphone is blocked: allow it for this app in the system or browser settings.'
            : 'No microphone could be opened. Plug one in, or choose another.',
        );
        void listDevices().then(setDevices);
      });
    return () => {
      cancelled = true;
      clearInterval(timer);
      microphone.current?.stop();
      microphone.current = null;
    };
  }, [chosen.inputDeviceId]);

  async function choose(change: Partial<AudioPreferences>) {
    const next = { ...chosen, ...change };
    setChosen(next);
    await platform().audio.set(next);
    devicesChanged((count: number) => count + 1);
  }

  async function test(deviceId: string | null) {
    const tone = await playTone('test', deviceId);
    setTimeout(() => tone.stop(), 1200);
  }

  async function preShiftCheck() {
    setChecking(true);
    const results: Check[] = [];
    const heard = microphone.current ? await loudest(microphone.current, 2000) : 0;
    results.push(
      microphone.current
        ? heard > 0.01
          ? {
              name: 'Microphone',
              ok: true,
              detail: `Picks up sound (peak level ${Math.round(heard * 100)}%).`,
            }
          : {
              name: 'Microphone',
              ok: false,
              detail: 'Silent for two seconds: check it is not muted or unplugged.',
            }
        : { name: 'Microphone', ok: false, detail: micError ?? 'No microphone is open.' },
    );
    for (const [name, deviceId] of [
      ['Speaker', chosen.outputDeviceId],
      ['Ringtone output', chosen.ringtoneDeviceId ?? chosen.outputDeviceId],
    ] as const) {
      try {
        const tone = await playTone('test', deviceId);
        await new Promise((resolve) => setTimeout(resolve, 600));
        tone.stop();
        results.push({ name, ok: true, detail: 'Played a test tone: you should have heard it.' });
      } catch {
        results.push({ name, ok: false, detail: 'Could not play on this output: choose another.' });
      }
    }
    setChecks(results);
    setChecking(false);
  }

  const percent = Math.round(level * 100);
  const outputs = options(devices.outputs, 'Speaker');
  /** A device's select: the chosen device, or the system default; a choice is saved at once. */
  const device = (key: keyof AudioPreferences) => ({
    value: chosen[key] ?? DEFAULT,
    onChange: (value: string | null) => void choose({ [key]: value || null }),
    allowDeselect: false,
  });
  /** The outputs, each with a button that plays a tone on it (the ringtone plays on the speaker unless told). */
  const outputRows = [
    { key: 'outputDeviceId', label: 'Speaker', test: 'Test speaker', plays: chosen.outputDeviceId },
    {
      key: 'ringtoneDeviceId',
      label: 'Ringtone output',
      test: 'Test ringtone',
      plays: chosen.ringtoneDeviceId ?? chosen.outputDeviceId,
    },
  ] as const;
  return (
    <Stack maw={560}>
      <Title order={1}>Audio settings</Title>
      <Text c="dimmed">These settings belong to this computer.</Text>
      <ErrorAlert message={micError} />
      <Select label="Microphone" data={options(devices.inputs, 'Microphone')} {...device('inputDeviceId')} />
      <meter aria-label="Microphone level" min={0} max={100} value={percent} style={{ width: '100%' }} />
      {!canChooseOutput() && (
        <Text size="sm" c="dimmed">
          This browser plays every sound on its default output; the desktop app can choose.
        </Text>
      )}
      {outputRows.map((output) => (
        <Group key={output.key} align="end" wrap="nowrap">
          <Select
            style={{ flex: 1 }}
            label={output.label}
            data={outputs}
            {...device(output.key)}
            disabled={!canChooseOutput()}
          />
          <Button variant="default" onClick={() => void test(output.plays)}>
            {output.test}
          </Button>
        </Group>
      ))}
      <Button onClick={() => void preShiftCheck()} loading={checking}>
        Run pre-shift check
      </Button>
      {checks && (
        <Alert
          color={checks.every((check) => check.ok) ? 'green' : 'red'}
          title={checks.every((check) => check.ok) ? 'Ready to take calls' : 'Something needs attention'}
          role="status"
        >
          <List>
            {checks.map((check) => (
              <List.Item key={check.name}>
                <strong>{check.name}:</strong> {check.ok ? 'OK' : 'Problem'} — {check.detail}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
