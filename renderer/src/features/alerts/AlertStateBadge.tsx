/** An alert's state as a badge: open (red), snoozed until when (yellow), closed and why (grey). */
import { Badge } from '@mantine/core';
import type { Alert } from '@shared/api/alerts';
import { ALERT_STATES } from '@shared/domain/alerts';
import { labelOf } from '@shared/domain/codes';
import { formatWhen } from '../../ui/dateTime';
import { reasonLabel } from './alertModel';

const COLORS = { open: 'red', snoozed: 'yellow', closed: 'gray' } as const;

/** The words of the state: "Snoozed until Nov 25, 2026 3:00 PM", "Closed: Already aware". */
export function stateText(alert: Pick<Alert, 'state' | 'reason' | 'snoozed_until'>, tz: string): string {
  const label = labelOf(ALERT_STATES, alert.state, alert.state);
  if (alert.state === 'snoozed' && alert.snoozed_until)
    return `${label} until ${formatWhen(alert.snoozed_until, tz)}`;
  const reason = reasonLabel(alert.reason);
  return alert.state === 'closed' && reason ? `${label}: ${reason}` : label;
}

export function AlertStateBadge({
  alert,
  tz,
}: {
  alert: Pick<Alert, 'state' | 'reason' | 'snoozed_until'>;
  tz: string;
}) {
  return (
    // Never narrower than its words: a table column grows to hold it rather than cut it off.
    <Badge
      color={COLORS[alert.state]}
      variant="light"
      style={{ textTransform: 'none', minWidth: 'max-content' }}
    >
      {stateText(alert, tz)}
    </Badge>
  );
}
