/**
 * The plan and its status (§3 statuses), the period, the billing contact and what is pending: a cancel at the
 * period's end (clear it) or a plan change waiting for it (revert it). The owner changes the plan, cancels, or
 * subscribes when there is no subscription (§8 'You have accounts without a subscription. Please contact
 * support!' for the roles that cannot).
 */
import { Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { PlanOption, Subscription } from '@shared/api/billing';
import {
  BILLING_MESSAGES,
  centsToUsd,
  formatUsd,
  PLANS,
  parsePlanIdentifier,
  SUBSCRIPTION_STATUSES,
} from '@shared/domain/billing';
import { labelOf } from '@shared/domain/codes';
import { useState } from 'react';
import { useClearCancel, useRevertChange, useSubscribe } from './billingApi';
import { CancelDialog } from './CancelDialog';
import { ChangePlanDialog } from './ChangePlanDialog';

const STATUS_COLOR: Record<Subscription['status'], string> = {
  active: 'green',
  canceling: 'yellow',
  expired: 'gray',
  refunding: 'blue',
  retry_period: 'red',
  not_subscribed: 'gray',
};
const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '';

export function PlanPanel({
  companyId,
  subscription,
  plans,
  canManage,
  hasCard,
}: {
  companyId: number;
  subscription: Subscription;
  plans: readonly PlanOption[];
  canManage: boolean;
  hasCard: boolean;
}) {
  const [dialog, setDialog] = useState<'change' | 'cancel' | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const clear = useClearCancel(companyId);
  const revert = useRevertChange(companyId);
  const subscribe = useSubscribe(companyId);
  const subscribed = subscription.status !== 'not_subscribed' && subscription.status !== 'expired';
  const pending = subscription.pending_identifier
    ? parsePlanIdentifier(subscription.pending_identifier)
    : null;

  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {subscription.plan ? `${labelOf(PLANS, subscription.plan)} (${subscription.period})` : 'No plan'}
          </Title>
          <Badge color={STATUS_COLOR[subscription.status]} variant="light">
            {labelOf(SUBSCRIPTION_STATUSES, subscription.status)}
          </Badge>
        </Group>
        {subscribed && (
          <Text size="sm">
            {formatUsd(centsToUsd(subscription.price_cents))} a{' '}
            {subscription.period === 'yearly' ? 'year' : 'month'} · this period ends{' '}
            {day(subscription.current_period_ends_at)}
          </Text>
        )}
        {subscription.status === 'canceling' && (
          <Group gap="xs">
            <Text size="sm">The subscription ends on {day(subscription.current_period_ends_at)}.</Text>
            {canManage && (
              <Button
                size="xs"
                variant="light"
                loading={clear.isPending}
                onClick={() => clear.mutate(undefined)}
              >
                Keep my subscription
              </Button>
            )}
          </Group>
        )}
        {pending && (
          <Group gap="xs">
            <Text size="sm">
              Moves to {labelOf(PLANS, pending.plan)} ({pending.period}) on{' '}
              {day(subscription.current_period_ends_at)}.
            </Text>
            {canManage && (
              <Button
                size="xs"
                variant="light"
                loading={revert.isPending}
                onClick={() => revert.mutate(undefined)}
              >
                Keep the current plan
              </Button>
            )}
          </Group>
        )}
        {subscription.customer.email && (
          <Text size="xs" c="dimmed">
            Invoices go to {[subscription.customer.email, ...subscription.customer.ccEmails].join(', ')}
            {subscription.receivesInvoiceEmails ? '' : ' (invoice emails off)'}
          </Text>
        )}
        {!subscribed && !canManage && <Text size="sm">{BILLING_MESSAGES.accountsWithoutSubscription}</Text>}
        {canManage && subscribed && (
          <Group gap="xs">
            <Button size="xs" onClick={() => setDialog('change')}>
              Change plan
            </Button>
            {subscription.status !== 'canceling' && (
              <Button size="xs" variant="default" onClick={() => setDialog('cancel')}>
                Cancel subscription
              </Button>
            )}
          </Group>
        )}
        {canManage && !subscribed && (
          <Group gap="xs" align="flex-end">
            <Select
              label="Plan"
              placeholder="Choose a plan"
              data={plans
                .filter((p) => p.purchasable)
                .map((p) => ({
                  value: p.identifier,
                  label: `${p.label} — ${formatUsd(centsToUsd(p.price_cents))}`,
                }))}
              value={choice}
              onChange={setChoice}
              comboboxProps={{ withinPortal: true }}
            />
            <Button
              disabled={!choice || !hasCard}
              loading={subscribe.isPending}
              onClick={() => choice && subscribe.mutate(choice)}
            >
              Subscribe
            </Button>
            {!hasCard && <Text size="xs">Add a card first.</Text>}
          </Group>
        )}
      </Stack>
      {dialog === 'change' && (
        <ChangePlanDialog
          companyId={companyId}
          subscription={subscription}
          plans={plans}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'cancel' && (
        <CancelDialog
          companyId={companyId}
          subscription={subscription}
          plans={plans}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
