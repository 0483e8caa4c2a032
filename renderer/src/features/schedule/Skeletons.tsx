/**
 * What the numbers-area settings screens show while their data loads: grey shapes where it will be, announced
 * as a busy status (as app/ScreenSkeleton does for a screen's code). Offline, data never loaded cannot come, and
 * the screen says so instead of shimmering.
 */
import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { NotAvailableOffline, useOnline } from '../../ui/States';

const ROWS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;

function Busy({ label, rows, height }: { label: string; rows: number; height: number }) {
  const online = useOnline();
  if (!online) return <NotAvailableOffline />;
  return (
    <Stack role="status" aria-busy="true" aria-label={label} gap="sm">
      <VisuallyHidden>Loading…</VisuallyHidden>
      <Skeleton aria-hidden height={28} width="30%" />
      {ROWS.slice(0, rows).map((row) => (
        <Skeleton aria-hidden key={row} height={height} />
      ))}
    </Stack>
  );
}

/** A table's header and a few rows. */
export function RowsSkeleton({ label }: { label: string }) {
  return <Busy label={label} rows={5} height={32} />;
}

/** The hours editor: the preset and zone, then the seven days. */
export function HoursSkeleton({ label }: { label: string }) {
  return <Busy label={label} rows={8} height={36} />;
}
