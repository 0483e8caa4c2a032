/**
 * The signed-in user's own alerts for this number (§7 notificationBlocks): a switch per channel — calls, texts,
 * voicemails, faxes — on while they are alerted. A toggle is optimistic (§4 "notification block toggles are
 * optimistic"): the switch moves at once and moves back, with the reason, if the server refuses.
 */
import { Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_ENDPOINTS,
  type NotificationBlock,
  type NotificationChannel,
} from '@shared/api/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';

const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  calls: 'Calls',
  messages: 'Texts',
  voicemails: 'Voicemails',
  faxes: 'Faxes',
};

/** The same cache the inbox's alerts read, so a change here silences them there at once. */
const blocksKey = (companyId: number) => ['Notification', 'blocks', companyId] as const;

export function NumberNotifications({ companyId, numberId }: { companyId: number; numberId: number }) {
  const client = useQueryClient();
  const blocks = useQuery({
    queryKey: blocksKey(companyId),
    queryFn: async () =>
      (await api.call(NOTIFICATION_ENDPOINTS.list, { params: { companyId } }, { silent: true })).data,
  });
  const toggle = useMutation({
    mutationFn: ({ channel, alerted }: { channel: NotificationChannel; alerted: boolean }) =>
      api.call(
        alerted ? NOTIFICATION_ENDPOINTS.unblock : NOTIFICATION_ENDPOINTS.block,
        { params: { companyId }, body: { numbers: [numberId], channels: [channel] } },
        { silent: true },
      ),
    onMutate: async ({ channel, alerted }) => {
      await client.cancelQueries({ queryKey: blocksKey(companyId) });
      const before = client.getQueryData<NotificationBlock[]>(blocksKey(companyId));
      const others = (before ?? []).filter(
        (block) => !(block.number_id === numberId && block.channel === channel),
      );
      client.setQueryData(
        blocksKey(companyId),
        alerted ? others : [...others, { number_id: numberId, channel }],
      );
      return { before };
    },
    onError: (error, _change, context) => {
      client.setQueryData(blocksKey(companyId), context?.before);
      flash('danger', failureSummary(error), { title: 'Your alerts were not changed' });
    },
    onSuccess: (answer) => client.setQueryData(blocksKey(companyId), answer.data),
  });
  const blocked = new Set(
    (blocks.data ?? []).filter((block) => block.number_id === numberId).map((block) => block.channel),
  );

  return (
    <Card withBorder component="section" aria-labelledby="number-notifications">
      <Stack gap="xs">
        <Title order={2} size="h4" id="number-notifications">
          Your alerts for this number
        </Title>
        <Text size="sm" c="dimmed">
          Only yours: others who take this number's calls and texts choose their own.
        </Text>
        <Group>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <Switch
              key={channel}
              label={CHANNEL_LABELS[channel]}
              checked={!blocked.has(channel)}
              disabled={blocks.isPending}
              onChange={(event) => toggle.mutate({ channel, alerted: event.currentTarget.checked })}
            />
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
