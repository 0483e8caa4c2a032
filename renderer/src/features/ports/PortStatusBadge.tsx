/** A port request's status as a badge: its label (shared/domain/ports.ts), coloured by what it asks of the reader. */
import { Badge } from '@mantine/core';
import { type PortRequestStatus, portStatusLabel } from '@shared/domain/ports';

export const PORT_STATUS_COLORS: Record<PortRequestStatus, string> = {
  pending: 'gray',
  documentsRequested: 'orange',
  submitted: 'blue',
  focScheduled: 'indigo',
  completed: 'green',
  rejected: 'red',
  canceled: 'gray',
};

export function PortStatusBadge({ status }: { status: PortRequestStatus }) {
  return (
    <Badge color={PORT_STATUS_COLORS[status]} variant={status === 'canceled' ? 'outline' : 'light'}>
      {portStatusLabel(status)}
    </Badge>
  );
}
