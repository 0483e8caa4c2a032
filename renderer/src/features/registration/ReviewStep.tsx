/**
 * The last step: the pre-submit check's findings (what carriers usually reject for, each with how to fix it and a
 * button to its step), the fees due today line by line, and submit — which sends the total shown, so nobody pays
 * an amount they did not see. §8: success says 'Your SMS Verification has been submitted successfully.'; a failure
 * shows the server's message with the title Error.
 */
import { Alert, Badge, Button, Checkbox, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import type { Registration, RegistrationFindingView } from '@shared/api/registration';
import { formatUsd } from '@shared/domain/billing';
import { useState } from 'react';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { useCheck, useSubmit } from './registrationApi';
import { fieldLabel, stepOfField, WIZARD_STEPS } from './registrationModel';

export function ReviewStep({
  companyId,
  registration,
  onBack,
  onGoTo,
  onSubmitted,
}: {
  companyId: number;
  registration: Registration;
  onBack: () => void;
  onGoTo: (step: number) => void;
  onSubmitted: () => void;
}) {
  const check = useCheck(companyId, registration.id);
  const submit = useSubmit(companyId, registration.id);
  const [agreed, setAgreed] = useState(false);
  const findings: RegistrationFindingView[] = check.data?.findings ?? [];
  const fees = registration.fees;

  return (
    <Stack>
      <Title order={2} size="h4">
        Check before you pay
      </Title>
      <Text size="sm" c="dimmed">
        The check reads your website and privacy policy and your samples the way the carriers’ reviewers do.
      </Text>
      <Button
        w="fit-content"
        variant="light"
        loading={check.isPending}
        onClick={() =>
          check.mutate(undefined, {
            onError: (error) => flash('danger', failureSummary(error), { title: 'Error' }),
          })
        }
      >
        Run the check
      </Button>
      {check.data &&
        (findings.length === 0 ? (
          <Alert color="green" title="Nothing found">
            No usual cause of rejection was found.
          </Alert>
        ) : (
          <List spacing="sm" aria-label="Check findings">
            {findings.map((finding) => (
              <List.Item key={`${finding.field}:${finding.message}`}>
                <Stack gap={2}>
                  <Group gap="xs">
                    <Badge color={finding.severity === 'error' ? 'red' : 'yellow'} variant="light">
                      {finding.severity === 'error' ? 'Must fix' : 'Should fix'}
                    </Badge>
                    <Text fw={500}>{fieldLabel(finding.field)}</Text>
                  </Group>
                  <Text size="sm">{finding.message}</Text>
                  <Text size="sm" c="dimmed">
                    How to fix: {finding.fix}
                  </Text>
                  <Button
                    size="xs"
                    variant="subtle"
                    w="fit-content"
                    onClick={() => onGoTo(stepOfField(finding.field))}
                    aria-label={`Go to ${WIZARD_STEPS[stepOfField(finding.field)]?.label} to fix ${fieldLabel(finding.field)}`}
                  >
                    Go to {WIZARD_STEPS[stepOfField(finding.field)]?.label}
                  </Button>
                </Stack>
              </List.Item>
            ))}
          </List>
        ))}
      <Title order={2} size="h4" mt="md">
        Fees due today
      </Title>
      <Table aria-label="Fees due today" w="fit-content">
        <Table.Tbody>
          {fees.lines.map((line) => (
            <Table.Tr key={line.item}>
              <Table.Td>{line.label}</Table.Td>
              <Table.Td ta="right">{formatUsd(line.cents / 100)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>Total due today</Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatUsd(fees.due_today)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Checkbox
        label={`I agree to pay ${formatUsd(fees.due_today)} today for this registration`}
        checked={agreed}
        onChange={(event) => setAgreed(event.currentTarget.checked)}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button
          disabled={!agreed}
          loading={submit.isPending}
          onClick={() =>
            submit.mutate(fees.due_today_cents, {
              onSuccess: (answer) => {
                flash('success', answer.message);
                onSubmitted();
              },
              onError: (error) => flash('danger', failureSummary(error), { title: 'Error' }),
            })
          }
        >
          Submit for review
        </Button>
      </Group>
    </Stack>
  );
}
