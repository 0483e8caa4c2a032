/**
 * "New port request": a wizard in four steps (Mantine Stepper) — the numbers with their §3 port number type and
 * the service, the account with the losing carrier, the documents (drop or choose), and a review before sending.
 * Each step is checked with the server's own rules before moving on; a 422 from the server puts each message
 * beside its field and opens the first step that shows one. The PIN is a password field and the review shows only
 * its last 2 characters.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { PortRequest } from '@shared/api/ports';
import { labelOf } from '@shared/domain/codes';
import {
  maskPin,
  PORT_MAX_NUMBERS,
  PORT_NUMBER_TYPES,
  PORT_SERVICES,
  type PortNumberType,
  type PortService,
} from '@shared/domain/ports';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../api';
import { failureSummary } from '../../ui/formErrors';
import { DocumentDrop } from './DocumentDrop';
import { useCreatePort } from './portsApi';
import {
  type DraftErrors,
  draftNumber,
  emptyDraft,
  firstStepWithErrors,
  localToday,
  type PortDraft,
  portMultipart,
  serverFieldErrors,
  stepErrors,
  WIZARD_STEPS,
  withNumber,
} from './wizardModel';

const TYPE_OPTIONS = PORT_NUMBER_TYPES.map((type) => ({ value: String(type.value), label: type.label }));
const SERVICE_OPTIONS = PORT_SERVICES.map((service) => ({
  value: String(service.value),
  label: service.label,
}));

export function PortWizard({
  companyId,
  opened,
  onClose,
  onCreated,
}: {
  companyId: number;
  opened: boolean;
  onClose: () => void;
  onCreated: (port: PortRequest) => void;
}) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<PortDraft>(emptyDraft);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreatePort(companyId);

  const change = (changes: Partial<PortDraft>, fields: string[]) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !fields.includes(key))),
    );
  };
  const reset = () => {
    setStep(0);
    setDraft(emptyDraft());
    setErrors({});
    setFormError(null);
    create.reset();
  };
  const close = () => {
    if (create.isPending) return;
    onClose();
  };

  const next = () => {
    const found = stepErrors(step, draft, localToday(new Date()));
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(step + 1);
  };

  const submit = () => {
    const found = stepErrors(3, draft, localToday(new Date()));
    setErrors(found);
    setFormError(null);
    const first = firstStepWithErrors(found);
    if (first !== null) {
      setStep(first);
      return;
    }
    create.mutate(portMultipart(draft), {
      onSuccess: (port) => {
        reset();
        onCreated(port);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) {
          const fields = serverFieldErrors(error.errors);
          setErrors(fields);
          const at = firstStepWithErrors(fields);
          if (at !== null && at < 3) setStep(at);
          else setFormError(failureSummary(error));
        } else setFormError(failureSummary(error));
      },
    });
  };

  const numberRows = draft.numbers.map((entry, index) => {
    const numberError = errors[`numbers.${index}.number`];
    const typeError = errors[`numbers.${index}.type`];
    const updateRow = (row: typeof entry) => {
      const numbers = draft.numbers.map((other) => (other.key === entry.key ? row : other));
      change({ numbers }, [`numbers.${index}.number`, `numbers.${index}.type`, 'numbers']);
    };
    return (
      <Group key={entry.key} align="flex-start" wrap="nowrap">
        <TextInput
          label={`Number ${index + 1}`}
          placeholder="(312) 555-0142"
          value={entry.number}
          error={numberError}
          onChange={(event) => updateRow(withNumber(entry, event.currentTarget.value))}
          style={{ flex: 1 }}
          autoComplete="off"
        />
        <Select
          label={`Type of number ${index + 1}`}
          data={TYPE_OPTIONS}
          value={String(entry.type)}
          allowDeselect={false}
          error={typeError}
          onChange={(value) =>
            value && updateRow({ ...entry, type: Number(value) as PortNumberType, typeChosen: true })
          }
          w={160}
        />
        <ActionIcon
          variant="subtle"
          color="gray"
          mt={28}
          aria-label={`Remove number ${index + 1}`}
          disabled={draft.numbers.length === 1}
          onClick={() =>
            change(
              { numbers: draft.numbers.filter((other) => other.key !== entry.key) },
              Object.keys(errors).filter((key) => key.startsWith('numbers')),
            )
          }
        >
          ×
        </ActionIcon>
      </Group>
    );
  });

  const text = (field: keyof PortDraft & string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={String(draft[field] ?? '')}
      error={errors[field]}
      onChange={(event) => change({ [field]: event.currentTarget.value } as Partial<PortDraft>, [field])}
      {...extra}
    />
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="New port request"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close window' }}
    >
      <Stack>
        <Stepper
          active={step}
          size="sm"
          allowNextStepsSelect={false}
          onStepClick={(index) => {
            if (index < step) setStep(index);
          }}
        >
          {WIZARD_STEPS.map((label) => (
            <Stepper.Step key={label} label={label} />
          ))}
        </Stepper>

        {step === 0 && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              The numbers to bring over from your current carrier. Toll-free numbers (800, 833, 844, 855, 866,
              877, 888) are type Toll free; Canadian numbers are type Canadian.
            </Text>
            {numberRows}
            {errors.numbers && (
              <Text size="sm" c="var(--app-danger-text)" role="alert">
                {errors.numbers}
              </Text>
            )}
            <Group>
              <Button
                variant="default"
                size="xs"
                disabled={draft.numbers.length >= PORT_MAX_NUMBERS}
                onClick={() => change({ numbers: [...draft.numbers, draftNumber()] }, ['numbers'])}
              >
                Add another number
              </Button>
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="port-service-label">
                Service
              </Text>
              <SegmentedControl
                aria-labelledby="port-service-label"
                data={SERVICE_OPTIONS}
                value={String(draft.service)}
                onChange={(value) => change({ service: Number(value) as PortService }, ['service'])}
              />
              {errors.service && (
                <Text size="sm" c="var(--app-danger-text)">
                  {errors.service}
                </Text>
              )}
            </Stack>
          </Stack>
        )}

        {step === 1 && (
          <Stack gap="sm">
            {text('losing_carrier', 'Current carrier', {
              placeholder: 'The carrier the numbers are with now',
            })}
            {text('account_number', 'Account number', { autoComplete: 'off' })}
            <PasswordInput
              label="Account PIN"
              description="The PIN or passcode of the account with the current carrier. Only its last 2 characters are shown afterwards."
              value={draft.pin}
              error={errors.pin}
              autoComplete="off"
              onChange={(event) => change({ pin: event.currentTarget.value }, ['pin'])}
            />
            {text('authorized_name', 'Authorised name', { description: 'The person named on the account' })}
            <Textarea
              label="Service address"
              description="As it appears on the carrier's bill"
              value={draft.service_address}
              error={errors.service_address}
              rows={2}
              onChange={(event) =>
                change({ service_address: event.currentTarget.value }, ['service_address'])
              }
            />
            {text('desired_date', 'Desired port date', {
              type: 'date',
              min: localToday(new Date()),
              description: 'A business day, from today on. The carrier confirms the actual date.',
            })}
          </Stack>
        )}

        {step === 2 && (
          <Stack gap="md">
            <DocumentDrop
              label="Signed letter of authorisation"
              description="Required: the signed letter authorising the port."
              file={draft.loa}
              error={errors.loa}
              onChange={(file) => change({ loa: file }, ['loa'])}
            />
            <DocumentDrop
              label="Recent bill"
              description="A recent bill from the current carrier. Without it the porting desk will ask for it."
              file={draft.bill}
              error={errors.bill}
              onChange={(file) => change({ bill: file }, ['bill'])}
            />
          </Stack>
        )}

        {step === 3 && (
          <Stack gap="sm">
            <Table aria-label="Port request to send" withRowBorders={false}>
              <Table.Tbody>
                <Review label="Numbers">
                  {draft.numbers
                    .filter((entry) => entry.number.trim())
                    .map((entry) => `${entry.number.trim()} (${labelOf(PORT_NUMBER_TYPES, entry.type)})`)
                    .join(', ')}
                </Review>
                <Review label="Service">{labelOf(PORT_SERVICES, draft.service)}</Review>
                <Review label="Current carrier">{draft.losing_carrier}</Review>
                <Review label="Account number">{draft.account_number}</Review>
                <Review label="PIN">{maskPin(draft.pin)}</Review>
                <Review label="Authorised name">{draft.authorized_name}</Review>
                <Review label="Service address">{draft.service_address}</Review>
                <Review label="Desired date">{draft.desired_date}</Review>
                <Review label="Letter of authorisation">{draft.loa?.name ?? 'Missing'}</Review>
                <Review label="Recent bill">
                  {draft.bill?.name ?? 'Not attached: the desk will ask for it'}
                </Review>
              </Table.Tbody>
            </Table>
            {formError && (
              <Alert color="red" role="alert" title="The port request was not sent">
                {formError}
              </Alert>
            )}
          </Stack>
        )}

        <Group justify="space-between">
          <Button
            variant="default"
            onClick={step === 0 ? close : () => setStep(step - 1)}
            disabled={create.isPending}
          >
            {step === 0 ? 'Cancel' : 'Back'}
          </Button>
          {step < 3 ? (
            <Button onClick={next}>Next</Button>
          ) : (
            <Button onClick={submit} loading={create.isPending}>
              Send port request
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function Review({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={200}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}
