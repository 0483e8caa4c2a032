/**
 * Recent calls: the agent's own calls and the company's calls nobody took (missed ones highlighted, voicemails
 * marked), newest first, each with Call back (into the dialer) and Text back (the thread with that caller).
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { ACTIVITY_ENDPOINTS, type Call } from '@shared/api/activity';
import { formatPhone } from '@shared/domain/phone';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { flash } from '../../ui/flash';
import { usePhoneTimeZone } from './SoftphoneProvider';

export const RECENT_CALLS = 8;

function remoteOf(call: Call): string {
  return call.isInbound ? call.caller : call.called;
}

export function RecentCalls({
  companyId,
  onCallBack,
}: {
  companyId: number;
  onCallBack(number: string): void;
}) {
  const navigate = useNavigate();
  const timeZone = usePhoneTimeZone();
  const recent = useQuery({
    queryKey: ['Calls', 'recent', companyId],
    queryFn: async () =>
      (
        await api.call(
          ACTIVITY_ENDPOINTS.searchCalls,
          { query: { companyId, scope: 'mine', perPage: RECENT_CALLS } },
          { silent: true },
        )
      ).data,
  });

  async function textBack(call: Call) {
    try {
      const data = await api.call(ACTIVITY_ENDPOINTS.converse, { params: { id: call.id } }, { silent: true });
      navigate(`/inbox/${data.conversation_id}`);
    } catch (error) {
      flash('danger', error instanceof Error ? error.message : 'The conversation could not be opened.');
    }
  }

  if (recent.isPending)
    return (
      <Text size="sm" c="dimmed">
        Loading recent calls…
      </Text>
    );
  if (recent.isError)
    return (
      <Text size="sm" c="red">
        Recent calls could not be loaded.
      </Text>
    );
  if (recent.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No calls yet. Calls you take or miss show here.
      </Text>
    );

  return (
    <Stack
      gap={6}
      component="ul"
      aria-label="Recent calls"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {recent.data.map((call) => {
        const remote = remoteOf(call);
        const formatted = formatPhone(remote);
        const missed = call.outcome === 2;
        return (
          <li
            key={call.id}
            aria-label={`${call.isInbound ? 'From' : 'To'} ${call.contact?.name ?? formatted}`}
          >
            <Group justify="space-between" wrap="nowrap" gap={4}>
              <div style={{ minWidth: 0 }}>
                <Text
                  size="sm"
                  fw={missed ? 700 : 500}
                  c={missed ? 'var(--app-danger-text)' : undefined}
                  truncate
                  title={call.contact?.name ?? formatted}
                >
                  {call.contact?.name ?? formatted}
                </Text>
                <Text size="xs" c="dimmed">
                  {new Intl.DateTimeFormat(undefined, {
                    dateStyle: 'short',
                    timeStyle: 'short',
                    timeZone,
                  }).format(new Date(call.started_at))}
                </Text>
              </div>
              <Badge
                size="xs"
                variant="light"
                color={missed ? 'red' : call.outcome === 3 ? 'orange' : 'gray'}
              >
                {call.isInbound ? call.outcome_label : 'Outbound'}
              </Badge>
            </Group>
            <Group gap={4} mt={2}>
              <Button
                size="compact-xs"
                variant="light"
                aria-label={`Call back ${formatted}`}
                onClick={() => onCallBack(remote)}
              >
                Call back
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={`Text back ${formatted}`}
                onClick={() => void textBack(call)}
              >
                Text back
              </Button>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
