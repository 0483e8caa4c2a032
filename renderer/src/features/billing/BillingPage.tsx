/**
 * Billing (§2 "Billing form"; §7 Company and billing, Subscription): the plan and its status, the usage meters,
 * the card on file and its form, the invoices, and a yearly upgrade offer when one stands. Seen with
 * `billing.view`; changed with `billing.manage` (the owner and the billing role).
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { roleCan } from '@shared/domain/permissions';
import { useState } from 'react';
import { useShell } from '../../app/context';
import { EmptyState, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { useBillingDetails, useOffers, usePlans, useRetryPayment, useSubscription } from './billingApi';
import { InvoicesPanel } from './InvoicesPanel';
import { PaymentMethodDialog } from './PaymentMethodDialog';
import { PlanPanel } from './PlanPanel';
import { UsagePanel } from './UsagePanel';
import { YearlyOfferCard } from './YearlyOfferCard';

export function BillingPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'billing.view');
  const canManage = roleCan(company?.role, 'billing.manage');
  const scoped = canView ? companyId : 0;
  const details = useBillingDetails(scoped);
  const subscription = useSubscription(scoped);
  const plans = usePlans(scoped);
  const offers = useOffers(scoped);
  const retry = useRetryPayment(companyId);
  const [editing, setEditing] = useState(false);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its billing." />;
  if (subscription.isPending || plans.isPending) return <LoadingState label="Loading billing" />;
  if (subscription.error || !subscription.data)
    return <QueryErrorState title="Could not load the subscription" query={subscription} />;
  if (plans.error || !plans.data) return <QueryErrorState title="Could not load the plans" query={plans} />;

  const card = details.data?.card ?? null;
  const now = Date.now();
  const offer = offers.data?.find((one) => !one.used_at && Date.parse(one.expires_at) > now);
  return (
    <Stack>
      <Title order={1} size="h2">
        Billing
      </Title>
      <PlanPanel
        companyId={companyId}
        subscription={subscription.data}
        plans={plans.data}
        canManage={canManage}
        hasCard={!!card}
      />
      {offer && canManage && subscription.data.period === 'monthly' && (
        <YearlyOfferCard
          companyId={companyId}
          offer={offer}
          subscription={subscription.data}
          plans={plans.data}
        />
      )}
      <Card withBorder>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Payment method
          </Title>
          {details.isPending ? (
            <LoadingState label="Loading the payment method" />
          ) : details.error ? (
            <QueryErrorState title="Could not load the payment method" query={details} />
          ) : (
            <Text size="sm">
              {card
                ? `${card.brand === 'visa' ? 'Visa' : card.brand} ending ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`
                : 'No card on file.'}
            </Text>
          )}
          {canManage && (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setEditing(true)}>
                {card ? 'Update card' : 'Add card'}
              </Button>
              {details.data?.standing === 'past_due' && (
                <Button
                  size="xs"
                  color="red"
                  loading={retry.isPending}
                  onClick={() => retry.mutate(undefined)}
                >
                  Retry payment
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Card>
      {subscription.data.status !== 'not_subscribed' && <UsagePanel companyId={companyId} />}
      <InvoicesPanel companyId={companyId} />
      {editing && (
        <PaymentMethodDialog companyId={companyId} details={details.data} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}
