/**
 * Usage of the current period (§7 `/usage`): a meter per kind with what the plan includes and a projection to
 * the period's end at the current pace; registration fees and the cost beyond the plan so far. The meters move
 * with the realtime event "billing usage updated".
 */
import { Card, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { centsToUsd, formatUsd } from '@shared/domain/billing';
import { channels, EVENTS } from '@shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../api/realtime';
import { LoadingState, QueryErrorState } from '../../ui/States';
import { billingKeys, useUsage } from './billingApi';
import { metersOf, percentOf } from './billingModel';

const count = new Intl.NumberFormat('en-US');

export function UsagePanel({ companyId }: { companyId: number }) {
  const usage = useUsage(companyId);
  const client = useQueryClient();
  useRealtimeEvent(channels.companies(companyId), EVENTS.billingUsageUpdated, (payload) => {
    client.setQueryData(billingKeys.usage(companyId), payload);
  });
  if (usage.isPending) return <LoadingState label="Loading usage" />;
  if (usage.error || !usage.data) return <QueryErrorState title="Could not load the usage" query={usage} />;
  const meters = metersOf(usage.data, new Date());
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Usage this period
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {meters.map((meter) => (
          <Card key={meter.key} withBorder padding="sm">
            <Text fw={600} size="sm">
              {meter.label}
            </Text>
            <Text size="sm">
              {count.format(meter.used)}
              {meter.included !== null && ` of ${count.format(meter.included)} included`}
            </Text>
            {meter.included !== null && (
              <Progress
                value={percentOf(meter.used, meter.included)}
                color={meter.used > meter.included ? 'red' : 'blue'}
                aria-label={`${meter.label}: ${percentOf(meter.used, meter.included)}% of the plan`}
                mt={4}
              />
            )}
            {meter.key !== 'numbers' && (
              <Text size="xs" c="dimmed" mt={4}>
                About {count.format(meter.projected)} by the end of the period at this pace
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <Text size="sm">
        Registration fees: {formatUsd(centsToUsd(usage.data.registration_fees_cents))} · Beyond the plan so
        far: {formatUsd(centsToUsd(usage.data.overage_cents))}
      </Text>
    </Stack>
  );
}
