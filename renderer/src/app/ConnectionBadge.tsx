/**
 * The header's connection state, in words and colour: green "Online" only once live updates are connected, amber
 * "Connecting…" while the server answers but live updates are not (yet) connected, red "Offline" when the server
 * does not answer. A status region, so a change is announced; the title says what each state means.
 */
import { Badge } from '@mantine/core';
import { useConnection } from '../api/connection';
import { type RealtimeState, useRealtimeState } from '../api/realtime';

export interface ConnectionLook {
  label: string;
  color: 'green' | 'yellow' | 'red';
  description: string;
}

export function connectionLook(online: boolean, realtime: RealtimeState): ConnectionLook {
  if (!online)
    return {
      label: 'Offline',
      color: 'red',
      description: 'The server cannot be reached: showing what was loaded earlier.',
    };
  if (realtime === 'connected')
    return {
      label: 'Online',
      color: 'green',
      description: 'Connected: new texts and calls show as they happen.',
    };
  return {
    label: 'Connecting…',
    color: 'yellow',
    description: 'Connecting live updates: new texts and calls show once connected.',
  };
}

export function ConnectionBadge() {
  const { online } = useConnection();
  const look = connectionLook(online, useRealtimeState());
  return (
    <Badge color={look.color} variant="light" role="status" title={look.description}>
      {look.label}
    </Badge>
  );
}
