/**
 * One registration's status: the brand's and the campaign's review, when the registry is expected to answer, a
 * rejection's reasons per field each with what to fix and a button to the wizard's step that fixes it, the
 * numbers it covers (added and removed here, §8 messages), and cancel (§4: shown expired at once, read again
 * 15 s later; §8 message). A draft never submitted is deleted instead.
 */
import { Anchor, Button, Group, List, MultiSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { formatUsd } from '@shared/domain/billing';
import { roleCan } from '@shared/domain/permissions';
import { isCancellable, isEditable } from '@shared/domain/registration';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { formatWhen } from '../../ui/dateTime';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { EmptyState, LoadingState, QueryErrorState } from '../../ui/States';
import {
  useCancel,
  useChangeNumbers,
  useDeleteRegistration,
  useRegistrableNumbers,
  useRegistration,
} from './registrationApi';
import { fieldLabel, stepOfField, WIZARD_STEPS } from './registrationModel';
import { StatusBadge } from './StatusBadge';

export function RegistrationPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const id = Number(useParams().registrationId);
  const canManage = roleCan(company?.role, 'settings.manage');
  const registration = useRegistration(companyId, id);
  const tz = useTimeZone();
  const navigate = useNavigate();
  const cancel = useCancel(companyId, id);
  const remove = useDeleteRegistration(companyId);
  const [confirm, setConfirm] = useState<'cancel' | 'delete' | null>(null);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (registration.isPending) return <LoadingState label="Loading the registration" />;
  if (!registration.data)
    return <QueryErrorState title="Could not load the registration" query={registration} />;
  const r = registration.data;
  const kind = r.kind === 'local' ? '10DLC registration' : 'Toll-free verification';
  const editable = canManage && isEditable(r.status);

  return (
    <Stack>
      <Anchor component={Link} to="/registration" size="sm">
        ← Text-messaging registration
      </Anchor>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {kind} #{r.id}
        </Title>
        <StatusBadge status={r.status} label="Registration status" />
      </Group>
      <Paper withBorder p="md" component="section" aria-labelledby="review-heading">
        <Stack gap="xs">
          <Title order={2} size="h4" id="review-heading">
            Review
          </Title>
          <Group>
            <Text size="sm">Brand</Text>
            <StatusBadge status={r.brand.status} label="Brand status" />
            <Text size="sm">Campaign</Text>
            <StatusBadge status={r.campaign.status} label="Campaign status" />
          </Group>
          {r.review_expected_at && r.status !== 'expired' && (
            <Text size="sm" c="dimmed">
              The registry is expected to answer by {formatWhen(r.review_expected_at, tz)}.
            </Text>
          )}
          {r.submitted_at && <Text size="sm">Submitted {formatWhen(r.submitted_at, tz)}</Text>}
          {r.approved_at && <Text size="sm">Approved {formatWhen(r.approved_at, tz)}</Text>}
          <Text size="sm">Paid so far: {formatUsd(r.fees.paid_cents / 100)}</Text>
        </Stack>
      </Paper>
      {r.rejection.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="rejection-heading">
          <Stack gap="xs">
            <Title order={2} size="h4" id="rejection-heading" c="red">
              Why it was rejected
            </Title>
            <List spacing="sm" aria-label="Rejection reasons">
              {r.rejection.map((reason) => (
                <List.Item key={`${reason.field}:${reason.message}`}>
                  <Stack gap={4}>
                    <Text fw={500}>{fieldLabel(reason.field)}</Text>
                    <Text size="sm">{reason.message}</Text>
                    <Text size="sm" c="dimmed">
                      How to fix: {reason.fix}
                    </Text>
                    {editable && (
                      <Button
                        size="xs"
                        variant="light"
                        w="fit-content"
                        onClick={() =>
                          void navigate(`/registration/${r.id}/edit?step=${stepOfField(reason.field)}`)
                        }
                        aria-label={`Fix ${fieldLabel(reason.field)} on the ${WIZARD_STEPS[stepOfField(reason.field)]?.label} step`}
                      >
                        Fix {fieldLabel(reason.field)}
                      </Button>
                    )}
                  </Stack>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Paper>
      )}
      <NumbersSection companyId={companyId} registration={r} canManage={canManage} />
      {canManage && (
        <Group>
          {editable && (
            <Button component={Link} to={`/registration/${r.id}/edit`}>
              {r.status === 'rejected' ? 'Fix and resubmit' : 'Continue the registration'}
            </Button>
          )}
          {isCancellable(r.status) && (
            <Button color="red" variant="light" onClick={() => setConfirm('cancel')}>
              Cancel registration
            </Button>
          )}
          {!r.submitted_at && (
            <Button color="red" variant="subtle" onClick={() => setConfirm('delete')}>
              Delete draft
            </Button>
          )}
        </Group>
      )}
      <ConfirmModal
        opened={confirm === 'cancel'}
        title="Cancel this registration?"
        confirmLabel="Cancel registration"
        cancelLabel="Keep it"
        focusCancel
        loading={cancel.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirm(null);
              flash('success', answer.message);
            },
            onError: (error) => flash('danger', failureSummary(error), { title: 'Error' }),
          })
        }
      >
        Its numbers stop being registered at once: campaigns from them are refused until they are registered
        again.
      </ConfirmModal>
      <ConfirmModal
        opened={confirm === 'delete'}
        title="Delete this draft?"
        confirmLabel="Delete draft"
        cancelLabel="Keep it"
        focusCancel
        loading={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          remove.mutate(r.id, {
            onSuccess: () => void navigate('/registration'),
            onError: (error) => flash('danger', failureSummary(error), { title: 'Error' }),
          })
        }
      >
        What was filled in and the files uploaded are deleted.
      </ConfirmModal>
    </Stack>
  );
}

/** The numbers it covers, with add and remove (§8 'Numbers have been successfully added to/removed from…'). */
export function NumbersSection({
  companyId,
  registration,
  canManage,
  heading = 'Numbers',
}: {
  companyId: number;
  registration: NonNullable<ReturnType<typeof useRegistration>['data']>;
  canManage: boolean;
  /** The section's heading (the wizard's step already says "Numbers"). */
  heading?: string;
}) {
  const available = useRegistrableNumbers(companyId, registration.kind);
  const add = useChangeNumbers(companyId, registration.id, 'add');
  const remove = useChangeNumbers(companyId, registration.id, 'remove');
  const [chosen, setChosen] = useState<string[]>([]);
  const covered = new Set(registration.campaign.numbers.map((number) => number.id));
  const options = (available.data ?? [])
    .filter((number) => !covered.has(number.id))
    .map((number) => ({ value: String(number.id), label: `${number.label || 'Number'} ${number.number}` }));
  const changeable = canManage && registration.status !== 'expired';
  const done = { onError: (error: unknown) => flash('danger', failureSummary(error), { title: 'Error' }) };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="numbers-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="numbers-heading">
          {heading}
        </Title>
        {registration.campaign.numbers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No numbers yet.
          </Text>
        ) : (
          <List aria-label="Numbers in this registration">
            {registration.campaign.numbers.map((number) => (
              <List.Item key={number.id}>
                <Group gap="sm">
                  <Text size="sm">
                    {number.label} {number.number}
                  </Text>
                  {changeable && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${number.number} from the registration`}
                      loading={remove.isPending && remove.variables?.includes(number.id)}
                      onClick={() =>
                        remove.mutate([number.id], {
                          ...done,
                          onSuccess: (answer) => flash('success', answer.message),
                        })
                      }
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {changeable && (
          <Group align="flex-end">
            <MultiSelect
              label="Add numbers"
              placeholder={options.length ? 'Choose numbers' : 'No other numbers of this kind'}
              data={options}
              value={chosen}
              onChange={setChosen}
              searchable
              w={360}
            />
            <Button
              disabled={chosen.length === 0}
              loading={add.isPending}
              onClick={() =>
                add.mutate(chosen.map(Number), {
                  ...done,
                  onSuccess: (answer) => {
                    setChosen([]);
                    flash('success', answer.message);
                  },
                })
              }
            >
              Add
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
