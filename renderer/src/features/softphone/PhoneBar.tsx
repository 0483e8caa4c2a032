/**
 * The collapsed phone dock: a slim bar that still says what an agent must always know — whether calls ring them
 * (available or away), whether the phone is connected, and during a call its running time with Mute and Hang up
 * at hand. "Open phone" brings the full panel back; a ring or a wrap-up opens it by itself (SoftphonePanel).
 */
import { Box, Stack, Tooltip } from '@mantine/core';
import type { Ref } from 'react';
import { IconButton } from '../../ui/IconButton';
import type { SoftphoneState } from '../../voice/softphone';
import { CallTimer } from './ActiveCallView';
import { usePresenceStatus } from './Presence';
import type { Reachability } from './SoftphonePanel';
import { useSoftphone } from './SoftphoneProvider';

const REACH_COLOR: Record<Reachability['state'], string> = {
  connected: 'var(--mantine-color-green-7)',
  connecting: 'var(--mantine-color-yellow-6)',
  offline: 'var(--mantine-color-red-7)',
};

/** A coloured dot saying one thing; its words are its accessible name and its tooltip. */
function Indicator({ label, color }: { label: string; color: string }) {
  return (
    <Tooltip label={label} withArrow position="left">
      <Box role="status" aria-label={label} p={4} style={{ lineHeight: 0 }}>
        <Box
          w={12}
          h={12}
          style={{ borderRadius: '50%', background: color, border: '2px solid var(--mantine-color-body)' }}
        />
      </Box>
    </Tooltip>
  );
}

export function PhoneBar({
  companyId,
  state,
  reach,
  onOpen,
  openRef,
}: {
  companyId: number;
  state: SoftphoneState;
  reach: Reachability;
  onOpen(): void;
  openRef: Ref<HTMLButtonElement>;
}) {
  const softphone = useSoftphone();
  const presence = usePresenceStatus(companyId);
  const call = state.active;
  return (
    <Stack align="center" gap="sm">
      <IconButton
        ref={openRef}
        icon="phone"
        label="Open phone"
        aria-expanded={false}
        onClick={onOpen}
        variant="light"
      />
      <Indicator
        label={
          presence === null
            ? 'Checking availability'
            : presence === 'active'
              ? 'Available for calls'
              : 'Away: calls do not ring you'
        }
        color={presence === 'active' ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-6)'}
      />
      <Indicator label={`Phone ${reach.state}: ${reach.text}`} color={REACH_COLOR[reach.state]} />
      {call && (
        <>
          <CallTimer since={call.connectedAt} size="xs" />
          <IconButton
            icon="microphone"
            label="Mute"
            shortcut="Alt+Shift+M"
            aria-pressed={call.muted}
            variant={call.muted ? 'filled' : 'default'}
            onClick={() => softphone.toggleMute()}
          />
          <IconButton
            icon="hangUp"
            label="Hang up"
            shortcut="Alt+Shift+H"
            color="red"
            variant="filled"
            onClick={() => void softphone.hangup()}
          />
        </>
      )}
    </Stack>
  );
}
