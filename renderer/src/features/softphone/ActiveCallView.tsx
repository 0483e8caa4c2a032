/**
 * The call in progress: who, a running timer, Mute and Hold as toggle buttons (`aria-pressed`; their names never
 * change), the Keypad (DTMF), Transfer (blind or warm, to an agent, a number or an extension), Hang up, notes
 * typed during the call, and the call-quality warnings the engine reports.
 */
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IN_APP_CALLING_ENDPOINTS } from '@shared/api/inAppCalling';
import type { TransferRequest } from '@shared/api/voice';
import { normalizePhone } from '@shared/domain/phone';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { submitWith } from '../../ui/submitWith';
import { QUALITY_WARNING_TEXT } from '../../voice/engine';
import type { ActiveCall, SoftphoneState } from '../../voice/softphone';
import { callerName, useSoftphone } from './SoftphoneProvider';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/** mm:ss (h:mm:ss past an hour). */
export function elapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The live call's running time (also in the collapsed dock's bar, smaller). */
export function CallTimer({ since, size }: { since: number | null; size?: 'xs' }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text role="timer" aria-label="Call duration" ff="monospace" fw={600} size={size}>
      {since === null ? 'Ringing…' : elapsed(now - since)}
    </Text>
  );
}

/** The live microphone level, so a dead or muted microphone shows before the caller complains. */
function MicLevel() {
  const softphone = useSoftphone();
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setLevel(softphone.inputLevel()), 200);
    return () => clearInterval(timer);
  }, [softphone]);
  const percent = Math.round(level * 100);
  return <meter aria-label="Microphone level" min={0} max={100} value={percent} style={{ width: '100%' }} />;
}

function Keypad({ onKey }: { onKey(key: string): void }) {
  return (
    <SimpleGrid cols={3} spacing={4} role="group" aria-label="Keypad keys">
      {KEYS.map((key) => (
        <Button key={key} variant="default" size="xs" onClick={() => onKey(key)}>
          {key}
        </Button>
      ))}
    </SimpleGrid>
  );
}

type Target = 'agent' | 'number' | 'extension';

function TransferForm({ companyId, onDone }: { companyId: number; onDone(): void }) {
  const softphone = useSoftphone();
  const [kind, setKind] = useState<'blind' | 'warm'>('blind');
  const [target, setTarget] = useState<Target>('agent');
  const [agent, setAgent] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const [extension, setExtension] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const agents = useQuery({
    queryKey: ['InAppCallingUsers', companyId],
    queryFn: async () =>
      (await api.call(IN_APP_CALLING_ENDPOINTS.users, { params: { companyId } }, { silent: true })).data,
  });
  const me = softphone.getState().active;
  const options = (agents.data ?? []).map((user) => ({
    value: String(user.id),
    label: `${user.name}${user.status === 'away' ? ' (away)' : user.on_call ? ' (on a call)' : ''}`,
    disabled: user.status === 'away' || user.on_call,
  }));

  async function submit() {
    setError(null);
    let to: TransferRequest['to'];
    if (target === 'agent') {
      if (!agent) return setError('Choose who takes the call.');
      to = { kind: 'agent', user_id: Number(agent) };
    } else if (target === 'number') {
      if (!normalizePhone(number)) return setError('Enter a valid phone number.');
      to = { kind: 'number', number };
    } else {
      if (extension === '') return setError('Enter the extension.');
      to = { kind: 'extension', extension: Number(extension) };
    }
    if (await softphone.transfer({ kind, to })) onDone();
  }

  return (
    <Stack gap="xs" component="form" aria-label="Transfer the call" onSubmit={submitWith(submit)}>
      <SegmentedControl
        aria-label="Transfer type"
        value={kind}
        onChange={(value) => setKind(value as 'blind' | 'warm')}
        data={[
          { value: 'blind', label: 'Blind' },
          { value: 'warm', label: 'Warm' },
        ]}
      />
      <SegmentedControl
        aria-label="Transfer to"
        value={target}
        onChange={(value) => setTarget(value as Target)}
        data={[
          { value: 'agent', label: 'Agent' },
          { value: 'number', label: 'Number' },
          { value: 'extension', label: 'Extension', disabled: kind === 'warm' },
        ]}
      />
      {target === 'agent' && (
        <Select
          label="Agent to transfer to"
          data={options}
          value={agent}
          onChange={setAgent}
          placeholder="Choose an agent"
        />
      )}
      {target === 'number' && (
        <TextInput
          label="Number to transfer to"
          value={number}
          onChange={(e) => setNumber(e.currentTarget.value)}
        />
      )}
      {target === 'extension' && (
        <NumberInput label="Extension" min={0} max={25} value={extension} onChange={setExtension} />
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group grow gap={4}>
        <Button type="submit" px="xs" disabled={!me}>
          Transfer call
        </Button>
        <Button variant="default" px="xs" onClick={onDone}>
          Close transfer
        </Button>
      </Group>
    </Stack>
  );
}

export function ActiveCallView({
  call,
  companyId,
  warnings,
}: {
  call: ActiveCall;
  companyId: number;
  warnings: SoftphoneState['warnings'];
}) {
  const softphone = useSoftphone();
  const [keypad, setKeypad] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const name = callerName({ contact: call.contact, from: call.remote });
  const transfer = call.transfer;
  useHotkeys(
    [
      ['alt+shift+O', () => void softphone.toggleHold()],
      ['alt+shift+K', () => setKeypad((open) => !open)],
      ['alt+shift+T', () => setTransferring(true)],
    ],
    [],
  );

  return (
    <Card withBorder padding="sm" component="section" aria-label={`Call with ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={700}>{name}</Text>
            <Text size="xs" c="dimmed">
              {call.direction === 'inbound' ? 'Inbound' : 'Outbound'}
              {call.held ? ' · On hold' : ''}
              {call.muted ? ' · Muted' : ''}
            </Text>
          </div>
          <CallTimer since={call.connectedAt} />
        </Group>
        <MicLevel />
        {warnings.map((warning) => (
          <Alert key={warning} color="yellow" p="xs" role="status">
            {QUALITY_WARNING_TEXT[warning]}
          </Alert>
        ))}
        {/* Three across in the dock's width: a narrow side padding keeps every word whole. */}
        <SimpleGrid cols={3} spacing={4}>
          <Button
            px="xs"
            variant={call.muted ? 'filled' : 'default'}
            aria-pressed={call.muted}
            onClick={() => softphone.toggleMute()}
            title="Mute (Alt+Shift+M)"
          >
            Mute
          </Button>
          <Button
            px="xs"
            variant={call.held ? 'filled' : 'default'}
            aria-pressed={call.held}
            onClick={() => void softphone.toggleHold()}
            disabled={call.connectedAt === null}
            title="Hold (Alt+Shift+O)"
          >
            Hold
          </Button>
          <Button
            px="xs"
            variant={keypad ? 'filled' : 'default'}
            aria-pressed={keypad}
            onClick={() => setKeypad(!keypad)}
          >
            Keypad
          </Button>
        </SimpleGrid>
        {keypad && <Keypad onKey={(key) => void softphone.sendDigits(key)} />}
        {transfer ? (
          <Stack gap={4} role="status" aria-label="Transfer">
            <Text size="sm">
              {transfer.state === 'ringing'
                ? `Ringing ${transfer.target}… the caller is on hold.`
                : `Talking with ${transfer.target}; the caller is on hold.`}
            </Text>
            <Stack gap={4}>
              <Button
                onClick={() => void softphone.completeTransfer()}
                disabled={transfer.state !== 'consulting'}
              >
                Complete transfer
              </Button>
              <Button variant="default" onClick={() => void softphone.cancelTransfer()}>
                Cancel transfer
              </Button>
            </Stack>
          </Stack>
        ) : transferring ? (
          <TransferForm companyId={companyId} onDone={() => setTransferring(false)} />
        ) : (
          <Button
            variant="default"
            onClick={() => setTransferring(true)}
            disabled={call.connectedAt === null}
          >
            Transfer
          </Button>
        )}
        <Textarea
          label="Call notes"
          autosize
          minRows={2}
          value={call.notes}
          onChange={(event) => softphone.setNotes(event.currentTarget.value)}
        />
        <Button color="red" onClick={() => void softphone.hangup()} title="Hang up (Alt+Shift+H)">
          Hang up
        </Button>
      </Stack>
    </Card>
  );
}
