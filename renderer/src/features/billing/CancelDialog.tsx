/**
 * Cancel the subscription (§7 "cancel (optionally a downsell plan id)"): first the downsell — the next cheaper
 * plan, which keeps the account and costs less — then the cancel itself, which ends the subscription at the
 * period's end (and can be cleared until then).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { PlanOption, Subscription } from '@shared/api/billing';
import { centsToUsd, formatUsd } from '@shared/domain/billing';
import { useCancel } from './billingApi';
import { downsellFor } from './billingModel';

export function CancelDialog({
  companyId,
  subscription,
  plans,
  onClose,
}: {
  companyId: number;
  subscription: Subscription;
  plans: readonly PlanOption[];
  onClose: () => void;
}) {
  const cancel = useCancel(companyId);
  const downsell = downsellFor(subscription, plans);
  const end = subscription.current_period_ends_at
    ? new Date(subscription.current_period_ends_at).toLocaleDateString('en-US', { dateStyle: 'medium' })
    : 'the end of the period';
  return (
    <Modal opened onClose={onClose} title="Cancel subscription">
      <Stack>
        {downsell && (
          <Stack gap="xs">
            <Text size="sm">
              Before you go: {downsell.label} costs {formatUsd(centsToUsd(downsell.price_cents))} and keeps
              your numbers, contacts and history.
            </Text>
            <Button
              variant="light"
              loading={cancel.isPending && cancel.variables === downsell.identifier}
              onClick={() => cancel.mutate(downsell.identifier, { onSuccess: onClose })}
            >
              Switch to {downsell.label} instead
            </Button>
          </Stack>
        )}
        <Text size="sm">Canceling ends the subscription on {end}. You can undo it until then.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep my plan
          </Button>
          <Button
            color="red"
            loading={cancel.isPending && cancel.variables === null}
            onClick={() => cancel.mutate(null, { onSuccess: onClose })}
          >
            Cancel at period end
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
