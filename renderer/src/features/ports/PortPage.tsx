/**
 * One port request: its status and timeline (each step with when it happened and the desk's reason), the numbers
 * and account details (the PIN as its last 2 characters), its documents by their signed links, and what the
 * person can do — upload the document the desk asked for, or cancel before the FOC date is set.
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import type { PortRequest } from '@shared/api/ports';
import { labelOf } from '@shared/domain/codes';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import {
  isPortCancellable,
  PORT_DOCUMENT_KINDS,
  PORT_NUMBER_TYPES,
  PORT_SERVICES,
  type PortDocumentKind,
  portStatusLabel,
} from '@shared/domain/ports';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiBaseUrl } from '../../api';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { formatWhen } from '../../ui/dateTime';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { EmptyState, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { absoluteMediaUrl } from '../activity/media';
import { NumbersAreaTabs } from '../numbers/NumbersAreaTabs';
import { DocumentDrop } from './DocumentDrop';
import { PortStatusBadge } from './PortStatusBadge';
import { useCancelPort, usePort, usePortEvents, useUploadPortDocuments } from './portsApi';

const FIELD_NAMES: Record<string, string> = {
  account_number: 'account number',
  pin: 'PIN',
  numbers: 'numbers',
  bill: 'recent bill',
  loa: 'letter of authorisation',
};

export function PortPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const id = Number(useParams().portId);
  const canView = roleCan(company?.role, 'numbers.view');
  const canManage = roleCan(company?.role, 'numbers.manage');
  const port = usePort(canView ? companyId : 0, Number.isInteger(id) && id > 0 ? id : 0);
  usePortEvents(canView ? companyId : 0);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its port requests." />;

  return (
    <Stack>
      <NumbersAreaTabs />
      <Anchor component={Link} to="/numbers/ports" size="sm">
        ← All port requests
      </Anchor>
      {port.isPending && port.fetchStatus !== 'idle' ? (
        <LoadingState label="Loading the port request" />
      ) : port.error || !port.data ? (
        <QueryErrorState title="Could not load the port request" query={port} />
      ) : (
        <PortDetail port={port.data} companyId={companyId} canManage={canManage} />
      )}
    </Stack>
  );
}

function PortDetail({
  port,
  companyId,
  canManage,
}: {
  port: PortRequest;
  companyId: number;
  canManage: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const timeZone = useTimeZone();
  const cancel = useCancelPort(companyId, port.id);
  const asked = port.status === 'documentsRequested' ? (port.reason_field as PortDocumentKind | null) : null;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            Port #{port.id}
          </Title>
          <PortStatusBadge status={port.status} />
        </Group>
        {canManage && isPortCancellable(port.status) && (
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            Cancel port request
          </Button>
        )}
      </Group>

      {port.status === 'documentsRequested' && port.reason && (
        <Alert color="orange" title="The porting desk needs a document" role="status">
          {port.reason}
        </Alert>
      )}
      {port.status === 'rejected' && port.reason && (
        <Alert
          color="red"
          title={`Rejected${port.reason_field ? `: check the ${fieldName(port.reason_field)}` : ''}`}
        >
          {port.reason}
        </Alert>
      )}
      {port.status === 'completed' && (
        <Alert color="green" title="Ported">
          The numbers are the company’s now.{' '}
          {/* The alert's own text colour: the theme's link blue is too faint on its green. */}
          <Anchor component={Link} to="/numbers" c="inherit" underline="always" fw={600}>
            See the numbers
          </Anchor>
        </Alert>
      )}

      {asked && canManage && <UploadRequested port={port} companyId={companyId} kind={asked} />}

      <Group align="flex-start" grow wrap="wrap">
        <Paper withBorder p="md" miw={280}>
          <Title order={2} size="h4" mb="sm">
            Request
          </Title>
          <Table aria-label="Port request details" withRowBorders={false}>
            <Table.Tbody>
              <Row label="Numbers">
                <Stack gap={2}>
                  {port.numbers.map((entry) => (
                    <Text size="sm" key={entry.number}>
                      {formatPhone(entry.number)} · {labelOf(PORT_NUMBER_TYPES, entry.type)}
                    </Text>
                  ))}
                </Stack>
              </Row>
              <Row label="Service">{labelOf(PORT_SERVICES, port.service)}</Row>
              <Row label="From carrier">{port.losing_carrier}</Row>
              <Row label="Account number">{port.account_number}</Row>
              <Row label="PIN">{port.pin_hint}</Row>
              <Row label="Authorised name">{port.authorized_name}</Row>
              <Row label="Service address">{port.service_address}</Row>
              <Row label="Desired date">{port.desired_date}</Row>
              <Row label="FOC date">{port.foc_date ?? 'Not set yet'}</Row>
              <Row label="Requested by">{port.requested_by?.name ?? 'Unknown'}</Row>
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md" miw={260}>
          <Title order={2} size="h4" mb="sm">
            Status
          </Title>
          <Timeline
            active={port.history.length - 1}
            bulletSize={14}
            lineWidth={2}
            role="list"
            aria-label="Status history"
          >
            {port.history.map((event) => (
              <Timeline.Item
                key={`${event.status}-${event.at}`}
                role="listitem"
                title={portStatusLabel(event.status)}
              >
                <Text size="xs" c="dimmed">
                  <time dateTime={event.at}>{formatWhen(event.at, timeZone)}</time>
                </Text>
                {event.reason && <Text size="sm">{event.reason}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
          <Title order={2} size="h4" mt="md" mb="xs">
            Documents
          </Title>
          {port.documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              None
            </Text>
          ) : (
            <Stack gap={4}>
              {port.documents.map((document) => (
                <Anchor
                  key={document.url}
                  href={absoluteMediaUrl(document.url, apiBaseUrl(), window.location.href)}
                  target="_blank"
                  rel="noreferrer"
                  size="sm"
                >
                  {labelOf(PORT_DOCUMENT_KINDS, document.kind)}: {document.name}
                </Anchor>
              ))}
            </Stack>
          )}
        </Paper>
      </Group>

      <ConfirmModal
        opened={confirming}
        title="Cancel this port request?"
        confirmLabel="Cancel port request"
        cancelLabel="Keep it"
        focusCancel
        loading={cancel.isPending}
        error={cancel.error ? failureSummary(cancel.error) : null}
        onClose={() => {
          setConfirming(false);
          cancel.reset();
        }}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              flash('success', 'The port request was canceled.');
            },
          })
        }
      >
        The numbers stay with {port.losing_carrier}. You can ask for a new port later.
      </ConfirmModal>
    </Stack>
  );
}

function fieldName(field: string): string {
  if (field.startsWith('numbers.')) return 'numbers';
  return FIELD_NAMES[field] ?? field;
}

function UploadRequested({
  port,
  companyId,
  kind,
}: {
  port: PortRequest;
  companyId: number;
  kind: PortDocumentKind;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadPortDocuments(companyId, port.id);
  const label = labelOf(PORT_DOCUMENT_KINDS, kind);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <DocumentDrop
          label={`Upload the ${label.toLowerCase()}`}
          description="The porting desk asked for this document."
          file={file}
          error={error}
          disabled={upload.isPending}
          onChange={(chosen) => {
            setFile(chosen);
            setError(undefined);
          }}
        />
        <Group>
          <Button
            disabled={!file}
            loading={upload.isPending}
            onClick={() =>
              file &&
              upload.mutate(
                { [kind]: file },
                {
                  onSuccess: () => {
                    setFile(null);
                    flash('success', 'Document sent. The porting desk will review the request again.');
                  },
                  onError: (failure) => setError(failureSummary(failure)),
                },
              )
            }
          >
            Send document
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={160}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}
