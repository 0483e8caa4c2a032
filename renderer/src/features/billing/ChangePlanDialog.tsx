/**
 * Change plan (§7 `migrate/preview` then `migrate`): choose a plan, read what it charges now — the preview's
 * figures, which are what the invoice will say — then confirm. A cheaper plan waits for the period's end.
 */
import { Radio, Stack, Table, Text } from '@mantine/core';
import type { PlanOption, Subscription } from '@shared/api/billing';
import { centsToUsd, formatUsd } from '@shared/domain/billing';
import { useState } from 'react';
import { FormDialog } from '../../ui/FormDialog';
import { ErrorAlert, LoadingState } from '../../ui/States';
import { useMigrate, useMigrationPreview } from './billingApi';

const usd = (cents: number) => formatUsd(centsToUsd(cents));
const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '';

export function ChangePlanDialog({
  companyId,
  subscription,
  plans,
  initial = null,
  onChanged,
  onClose,
}: {
  companyId: number;
  subscription: Subscription;
  plans: readonly PlanOption[];
  initial?: string | null;
  /** The change went through (a yearly offer is then used). */
  onChanged?: (identifier: string) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string | null>(initial);
  const preview = useMigrationPreview(companyId, chosen);
  const migrate = useMigrate(companyId);
  const choices = plans.filter((plan) => plan.purchasable && !plan.current);

  return (
    <FormDialog
      title="Change plan"
      submitLabel={preview.data?.takes_effect === 'period_end' ? 'Schedule the change' : 'Change plan'}
      pending={migrate.isPending}
      disabled={!chosen || !preview.data}
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        migrate.mutate(chosen, {
          onSuccess: () => {
            onChanged?.(chosen);
            onClose();
          },
        });
      }}
      onClose={onClose}
    >
      <Radio.Group label="Plan" value={chosen} onChange={setChosen}>
        <Stack gap={6} mt={6}>
          {choices.map((plan) => (
            <Radio
              key={plan.identifier}
              value={plan.identifier}
              label={`${plan.label} — ${usd(plan.price_cents)}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {chosen && preview.isPending && <LoadingState label="Pricing the change" />}
      {chosen && preview.error && <ErrorAlert message={(preview.error as Error).message} />}
      {preview.data &&
        (preview.data.takes_effect === 'period_end' ? (
          <Text size="sm">
            Nothing is charged now: the new plan starts when this period ends, on{' '}
            {day(subscription.current_period_ends_at)}.
          </Text>
        ) : (
          <Table aria-label="What the change charges now">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>New plan, rest of the period</Table.Td>
                <Table.Td ta="right">{usd(preview.data.charge_cents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Credit for the unused part of the current plan</Table.Td>
                <Table.Td ta="right">−{usd(preview.data.credit_applied_cents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Due now</Table.Th>
                <Table.Th ta="right">{usd(preview.data.payment_due_cents)}</Table.Th>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ))}
    </FormDialog>
  );
}
