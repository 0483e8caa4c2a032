/**
 * The account's standing, on every screen of a company that is not in good standing, to every member: past due
 * (§8 "Past-due billing: 'Your account has an outstanding balance of ' and 'Please update your payment info to
 * reactivate your account.'"), with the balance in USD (§9) and Update payment info / Retry payment for the roles
 * that manage billing; the other roles are told what waits and who can settle it, without the sum. A parked or
 * deactivated account says so, with its reason — the same text the server answers when it refuses a change.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import type { AccountStanding } from '@shared/domain/billing';
import { centsToUsd, formatUsd, PAST_DUE_TEXTS } from '@shared/domain/billing';
import { Link } from 'react-router';
import { useAccountStanding, useRetryPayment } from './billingApi';

const TITLES: Record<Exclude<AccountStanding, 'good'>, string> = {
  past_due: 'Payment past due',
  parked: 'Account parked',
  deactivated: 'Account deactivated',
};

export function PastDueBanner({ companyId, canManage }: { companyId: number; canManage: boolean }) {
  const view = useAccountStanding(companyId).data;
  const retry = useRetryPayment(companyId);
  if (!view || view.standing === 'good' || !view.notice) return null;
  const owed = view.standing === 'past_due' && view.balance_cents !== null ? view.balance_cents : null;
  return (
    <Alert
      color={view.standing === 'past_due' ? 'red' : 'orange'}
      mb="md"
      title={TITLES[view.standing]}
      role="alert"
    >
      <Group justify="space-between" gap="sm">
        {owed !== null ? (
          <Text size="sm">
            {PAST_DUE_TEXTS.balancePrefix}
            <strong>{formatUsd(centsToUsd(owed))}</strong>. {PAST_DUE_TEXTS.updatePayment}
          </Text>
        ) : (
          <Text size="sm">{view.notice}</Text>
        )}
        {canManage && view.standing === 'past_due' && (
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
