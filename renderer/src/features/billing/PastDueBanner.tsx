/**
 * The past-due banner, on every screen of a company whose renewal was declined (§8 "Past-due billing: 'Your
 * account has an outstanding balance of ' and 'Please update your payment info to reactivate your account.'"),
 * with the balance in USD (§9) and a Retry payment button. Shown to the roles that see billing (the others learn
 * it when the server refuses what the standing does not allow, with the same text).
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { centsToUsd, formatUsd, PAST_DUE_TEXTS } from '@shared/domain/billing';
import { Link } from 'react-router';
import { useBillingDetails, useRetryPayment } from './billingApi';

export function PastDueBanner({ companyId, canManage }: { companyId: number; canManage: boolean }) {
  const details = useBillingDetails(companyId);
  const retry = useRetryPayment(companyId);
  if (details.data?.standing !== 'past_due') return null;
  return (
    <Alert color="red" mb="md" title="Payment past due" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {PAST_DUE_TEXTS.balancePrefix}
          <strong>{formatUsd(centsToUsd(details.data.balance_cents))}</strong>. {PAST_DUE_TEXTS.updatePayment}
        </Text>
        {canManage && (
          <Group gap="xs">
            <Button size="xs" variant="default" component={Link} to="/billing">
              Update payment info
            </Button>
            <Button size="xs" color="red" loading={retry.isPending} onClick={() => retry.mutate(undefined)}>
              Retry payment
            </Button>
          </Group>
        )}
      </Group>
    </Alert>
  );
}
