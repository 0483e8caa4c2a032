/**
 * The call tracking area's own navigation: one main navigation entry (Call tracking) leads to every screen of the
 * area — pools, sources, the install snippet, the live feed and the reports — as the numbers area does it
 * (app/AreaTabs.tsx draws both); a pool's own pages count as the pools tab.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type AreaTab, AreaTabs } from '../../app/AreaTabs';

export const TRACKING_AREA_TABS: readonly AreaTab[] = [
  { label: 'Pools', to: '/tracking', permission: 'numbers.view' },
  { label: 'Sources', to: '/tracking/sources', permission: 'numbers.view' },
  { label: 'Install', to: '/tracking/install', permission: 'numbers.view' },
  { label: 'Live', to: '/tracking/live', permission: 'reports.view' },
  { label: 'Reports', to: '/tracking/reports', permission: 'reports.view' },
];

/** The tab a path belongs to: its own, or Pools for a pool's pages (`/tracking/pools/3`). */
export function currentTab(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/tracking' || path.startsWith('/tracking/pools')) return '/tracking';
  return TRACKING_AREA_TABS.find((tab) => tab.to === path)?.to ?? null;
}

export function TrackingAreaTabs() {
  return <AreaTabs label="Call tracking" tabs={TRACKING_AREA_TABS} currentOf={currentTab} />;
}

/**
 * The top of every call tracking screen: the area's tabs, then the screen's title and what it is for, with the
 * screen's own action (a button, a menu, when it was updated) at the right.
 */
export function TrackingHeader({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  /** The screen's action, at the right of its title. */
  children?: ReactNode;
}) {
  return (
    <>
      <TrackingAreaTabs />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{description}</Text>
        </Stack>
        {children}
      </Group>
    </>
  );
}
