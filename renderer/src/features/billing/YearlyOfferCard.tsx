/**
 * A yearly upgrade offer (§7 Yearly upgrade offers): shown while it stands and is unused, marked viewed once
 * shown; taking it opens the plan change to the offer's yearly plan with its preview, and marks it used once the
 * change went through.
 */
import { Button, Card, Group, Text } from '@mantine/core';
import type { PlanOption, Subscription, YearlyUpgradeOffer } from '@shared/api/billing';
import { centsToUsd, formatUsd } from '@shared/domain/billing';
import { useEffect, useState } from 'react';
import { useUpdateOffer } from './billingApi';
import { ChangePlanDialog } from './ChangePlanDialog';

export function YearlyOfferCard({
  companyId,
  offer,
  subscription,
  plans,
}: {
  companyId: number;
  offer: YearlyUpgradeOffer;
  subscription: Subscription;
  plans: readonly PlanOption[];
}) {
  const update = useUpdateOffer(companyId);
  const [open, setOpen] = useState(false);
  const target = plans.find((plan) => plan.identifier === offer.identifier);
  const { mutate } = update;
  useEffect(() => {
    if (!offer.viewed_at) mutate({ id: offer.id, change: { viewed: true } });
  }, [offer.id, offer.viewed_at, mutate]);
  if (!target) return null;
  return (
    <Card withBorder bg="var(--mantine-color-blue-light)">
      <Group justify="space-between">
        <Text size="sm">
          Pay yearly for {target.label} and save {formatUsd(centsToUsd(offer.savings_cents))} a year.
        </Text>
        <Button size="xs" onClick={() => setOpen(true)}>
          See the yearly plan
        </Button>
      </Group>
      {open && (
        <ChangePlanDialog
          companyId={companyId}
          subscription={subscription}
          plans={plans.filter((plan) => plan.identifier === offer.identifier || plan.current)}
          initial={offer.identifier}
          onChanged={() => mutate({ id: offer.id, change: { used: true } })}
          onClose={() => setOpen(false)}
        />
      )}
    </Card>
  );
}
