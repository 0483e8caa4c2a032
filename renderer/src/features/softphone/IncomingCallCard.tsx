/**
 * A ringing call: who is calling and why, before the agent picks up — the contact or number, the place of its
 * area code, the tracked line and its marketing source, first time or returning (and when they last called or
 * texted), the extension chosen, and who transfers it. Answer and Decline; one card at a time has them, so
 * keyboard users and screen readers find exactly one of each.
 */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { IncomingCall } from '@shared/api/voice';
import { formatPhone } from '@shared/domain/phone';
import { CALL_GREEN, callerName, usePhoneTimeZone } from './SoftphoneProvider';

function when(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

export function IncomingCallCard({
  call,
  onAnswer,
  onDecline,
  waiting,
}: {
  call: IncomingCall;
  onAnswer(): void;
  onDecline(): void;
  /** How many more calls ring behind this one. */
  waiting: number;
}) {
  const timeZone = usePhoneTimeZone();
  const name = callerName(call);
  const place = [call.city, call.state].filter(Boolean).join(', ');
  return (
    <Card withBorder shadow="sm" padding="sm" component="section" aria-label={`Incoming call from ${name}`}>
      <Stack gap={4}>
        {/* A long name pushes the badge to its own line rather than cutting it. */}
        <Group justify="space-between" gap={4}>
          <Text fw={700} size="lg">
            {name}
          </Text>
          <Badge color={call.first_time ? 'grape' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {call.first_time ? 'First-time caller' : 'Returning caller'}
          </Badge>
        </Group>
        {call.contact && <Text size="sm">{formatPhone(call.from)}</Text>}
        {place && (
          <Text size="sm" c="dimmed">
            {place}
          </Text>
        )}
        <Text size="sm">
          Calling <strong>{call.number.label || formatPhone(call.number.number)}</strong>
          {call.extension ? ` · ${call.extension.label}` : ''}
        </Text>
        {call.source && <Text size="sm">Source: {call.source}</Text>}
        {call.last_contact_at && (
          <Text size="xs" c="dimmed">
            Last contact {when(call.last_contact_at, timeZone)}
          </Text>
        )}
        {call.transferred_by && <Text size="sm">Transferred by {call.transferred_by.name}</Text>}
        <Group grow mt="xs">
          <Button color={CALL_GREEN} onClick={onAnswer} title="Answer (Alt+Shift+A)">
            Answer
          </Button>
          <Button color="red" variant="light" onClick={onDecline} title="Decline (Alt+Shift+D)">
            Decline
          </Button>
        </Group>
        {waiting > 0 && (
          <Text size="xs" c="dimmed">
            {waiting} more {waiting === 1 ? 'call is' : 'calls are'} ringing.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
