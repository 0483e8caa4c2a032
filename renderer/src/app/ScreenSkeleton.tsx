/**
 * What shows while code loads: grey shapes where the content will be, announced to assistive technology as a
 * busy status. `ScreenSkeleton` fills the shell's main area only (the header, the navigation and the aside stay
 * as they are); `PageSkeleton` stands in for a signed-out page's card; `PhoneSkeleton` for the phone panel.
 */
import { Center, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

function Busy({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack role="status" aria-busy="true" aria-label={label} gap="md">
      <VisuallyHidden>Loading…</VisuallyHidden>
      {children}
    </Stack>
  );
}

function Bar({ height, width }: { height: number; width?: string }) {
  return <Skeleton aria-hidden height={height} width={width} radius="sm" />;
}

/** A heading, a toolbar and a few rows: the shape most screens have. */
export function ScreenSkeleton() {
  return (
    <Busy label="Loading screen">
      <Bar height={32} width="30%" />
      <Bar height={36} width="60%" />
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <Bar key={row} height={20} />
      ))}
    </Busy>
  );
}

/** The signed-out pages' card (sign in, sign up, password reset), in the frame of ui/PublicLayout. */
export function PageSkeleton() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <Busy label="Loading page">
          <Bar height={14} width="30%" />
          <Bar height={28} width="50%" />
          <Bar height={36} />
          <Bar height={36} />
          <Bar height={36} />
        </Busy>
      </Paper>
    </Center>
  );
}

/** The phone panel's place in the aside. */
export function PhoneSkeleton() {
  return (
    <Busy label="Loading phone">
      <Bar height={24} width="40%" />
      <Bar height={36} />
      <Bar height={120} />
      <Bar height={36} />
    </Busy>
  );
}
